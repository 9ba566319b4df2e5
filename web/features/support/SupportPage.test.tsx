import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportRequestDetail } from '../../../shared/contracts/support';
import { fakeServer, selectInput, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import SupportPage from './SupportPage';

const REQUEST: SupportRequestDetail = {
  _id: 'r1', category: 'feature_request', subject: 'Waiting lists', status: 'answered', createdAt: '2026-11-26T16:05:00.000Z',
  answeredAt: '2026-11-26T17:00:00.000Z', replyCount: 1, sender: { _id: 'u1', first_name: 'Eleanor', last_name: 'Whitfield', role: 'admin' },
  schoolName: 'Riverside', message: 'Could families wait?', replies: [{ _id: 'p1', message: 'Spring release.', createdAt: '2026-11-26T17:00:00.000Z', author: null }],
};
const page = { results: [REQUEST], page: 1, limit: 10, totalCount: 1, open: 0, answered: 1, closed: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('SupportPage', () => {
  it('checks the form before sending, then sends it and lists the sender’s requests with the answer', async () => {
    sessionAs('admin');
    const calls = fakeServer((call) => {
      if (call.url.endsWith('sendSupportRequest')) return { data: REQUEST, message: 'Your request has been sent. We will answer by email.' };
      if (call.url.endsWith('getSupportRequest')) return { data: REQUEST };
      return { data: page };
    });
    renderWithApp(<SupportPage />, { path: '/support' });
    expect(await screen.findByRole('heading', { name: 'Contact for More Features' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Subject is Required')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('sendSupportRequest'))).toBe(false);

    fireEvent.click(selectInput(screen, 'Category'));
    fireEvent.click(await screen.findByRole('option', { name: 'Problem' }));
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Calendar' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'It is slow.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('sendSupportRequest'))?.body).toEqual({ category: 'problem', subject: 'Calendar', message: 'It is slow.' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Waiting lists' }));
    expect(await screen.findByText('Spring release.')).toBeTruthy();
    expect(screen.getByText(/^Cadenza team/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Answer/ })).toBeNull();
  });

  it('gives the superadmin the open requests with an answer form', async () => {
    sessionAs('superadmin', null);
    const calls = fakeServer((call) => (call.url.endsWith('getSupportRequest') ? { data: { ...REQUEST, status: 'open', replies: [] } } : { data: page }));
    renderWithApp(<SupportPage />, { path: '/support' });
    fireEvent.click(await screen.findByRole('button', { name: 'Waiting lists' }));
    expect(calls[0]?.body).toEqual({ status: 'open', page: 1, limit: 10 });
    expect(await screen.findByText('Not answered yet.')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('Eleanor Whitfield, Riverside', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Mark as closed')).toBeTruthy();
  });
});
