import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchantInfo } from '../../../shared/contracts/merchant';
import { fakeServer, type Answer } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { MerchantCard } from './MerchantCard';

const ADMIN = '00000000-0000-4000-8000-0000000000aa';
const EMPTY: MerchantInfo = { configured: false, gateway: null, environment: null, apiLoginIdMasked: null, transactionKeyMasked: null, publicClientKey: '', updatedAt: null };
const SAVED: MerchantInfo = {
  configured: true, gateway: 'authorizenet', environment: 'sandbox', apiLoginIdMasked: '••••bQpv', transactionKeyMasked: '••••hTG2',
  publicClientKey: 'Pk1', updatedAt: '2026-01-01T00:00:00.000Z',
};


function serve(info: MerchantInfo, save: { status: number; body: Answer } = { status: 200, body: { status: 200, message: 'Merchant information save successfully.', data: SAVED } }) {
  const saved: unknown[] = [];
  fakeServer(({ url, body }) => {
    if (url.endsWith('/merchant/get')) return { message: 'Success', data: info };
    saved.push(body);
    return { ...save.body, status: save.status };
  });
  return saved;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const messageOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby')?.split(' ') ?? []).map((id) => document.getElementById(id)?.textContent).filter(Boolean).join(' ');

describe('MerchantCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the masked keys, never more', async () => {
    serve(SAVED);
    renderWithApp(<MerchantCard adminId={ADMIN} />);
    expect(await screen.findByText('••••hTG2')).toBeTruthy();
    expect(screen.getByText('••••bQpv')).toBeTruthy();
    expect(screen.getByText('Authorize.Net')).toBeTruthy();
    expect(screen.getByText('Sandbox')).toBeTruthy();
  });

  it('requires both keys on the first save, then saves and shows the documented alert', async () => {
    const saved = serve(EMPTY);
    renderWithApp(<MerchantCard adminId={ADMIN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add merchant information' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(input('API Login ID'))).toContain('API Login ID is Required'));
    expect(messageOf(input('Transaction Key'))).toContain('Transaction Key is Required');
    fireEvent.change(input('Transaction Key'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(input('Transaction Key'))).toContain('Transaction Key should be 16 letters or digits'));
    expect(saved).toEqual([]);

    fireEvent.change(input('API Login ID'), { target: { value: '5KP3u95bQpv' } });
    fireEvent.change(input('Transaction Key'), { target: { value: '346HZ32z3fP4hTG2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Merchant information save successfully.')).toBeTruthy();
    expect(saved[0]).toEqual({
      gateway: 'authorizenet', environment: 'sandbox', apiLoginId: '5KP3u95bQpv', transactionKey: '346HZ32z3fP4hTG2', publicClientKey: '', adminId: ADMIN,
    });
    expect(await screen.findByText('••••hTG2')).toBeTruthy();
  });

  it('once configured, an empty key keeps the current one', async () => {
    const saved = serve(SAVED);
    renderWithApp(<MerchantCard adminId={ADMIN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit merchant information' }));
    expect(messageOf(input('Transaction Key'))).toContain('Leave empty to keep the current key');
    expect((input('Transaction Key') as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ apiLoginId: '', transactionKey: '', publicClientKey: 'Pk1' });
  });

  it("shows the server's message when the save fails, or Something went wrong", async () => {
    serve(SAVED, { status: 500, body: { status: 500, message: 'Something went wrong', data: null } });
    renderWithApp(<MerchantCard adminId={ADMIN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit merchant information' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'Merchant information' });
    expect((await within(form).findByRole('alert')).textContent).toContain('Something went wrong');
  });
});
