import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { TaxRateModal } from './TaxRateModal';
import { patient } from '../../../tests/patience';

const SLOW = { timeout: patient(5000) };

describe('TaxRateModal: the store’s sales tax rate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rate the store has, refuses one out of range with the contract’s words, and saves a rate with two decimals', async () => {
    sessionAs('admin');
    const calls = fakeServer((call) => {
      if (call.url === '/api/order/taxRate') return { data: { taxRate: 0 } };
      if (call.url === '/api/order/setTaxRate') return { message: 'Tax rate saved', data: { taxRate: 8.25 } };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithApp(<TaxRateModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sales tax' });
    const field = within(dialog).getByLabelText(/Tax rate/) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('0'), SLOW);

    fireEvent.change(field, { target: { value: '101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tax rate' }));
    expect(await within(dialog).findByText('Please enter a tax rate between 0 and 100 %')).toBeTruthy();
    fireEvent.change(field, { target: { value: '8.255' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tax rate' }));
    expect(calls.some((c) => c.url === '/api/order/setTaxRate')).toBe(false);

    fireEvent.change(field, { target: { value: '8.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tax rate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(calls.find((c) => c.url === '/api/order/setTaxRate')!.body).toEqual({ taxRate: 8.25 });
  });
});
