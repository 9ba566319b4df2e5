import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupEmailItem } from '../../../shared/contracts/communication';
import type { FileRef } from '../../../shared/contracts/library';
import { fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import GroupEmailPage from './GroupEmailPage';
import { patient } from '../../../tests/patience';

// The review dialog adds a step and its transitions: on a busy machine the send story takes most of a minute in jsdom.
vi.setConfig({ testTimeout: patient(60_000) });
// The editor scrolls its cursor into view; jsdom lays nothing out, so a range has no boxes.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const file = (n: number, name: string, size: number): FileRef =>
  ({ _id: id(n), name, type: 'application/pdf', kind: 'pdf', size, url: `/api/library/file/${id(n)}`, downloadUrl: `/api/library/file/${id(n)}&download=1` });
const PROGRAMME = file(1, 'Programme.pdf', 2048);
const POSTER = file(2, 'Poster.pdf', 3 * 1024 * 1024);
const SEND: GroupEmailItem = {
  _id: id(20), subject: 'Spring recital', createdAt: '2026-11-10T21:00:00.000Z', sender: 'Eleanor Whitfield',
  recipientCount: 3, unsubscribedCount: 0, queued: 0, sent: 3, failed: 0,
  attachments: [{ _id: PROGRAMME._id, name: PROGRAMME.name, size: PROGRAMME.size }],
};
const sends = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/massEmail/sendMassEmail'));
const previews = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/massEmail/previewMassEmail'));
const ADA = { _id: id(30), name: 'Ada Byron', email: 'ada@example.test' };
const BEN = { _id: id(31), name: 'Ben Carter', email: 'ben@example.test' };
const previewOf = (who: typeof ADA) => ({
  count: 3, unsubscribed: 0, recipient: who, choices: [ADA, BEN], subject: `Concert for ${who.name.split(' ')[0]}`, text: `Hello ${who.name.split(' ')[0]}`,
});

function standard({ url }: Call): Answer {
  if (url.endsWith('/massEmail/getMassEmailList')) return { data: { results: [SEND], page: 1, limit: 10, totalCount: 1 } };
  if (url.endsWith('/library/list')) return { data: { results: [PROGRAMME, POSTER], page: 1, limit: 100, totalCount: 2 } };
  if (url.endsWith('/massEmail/countRecipients')) return { data: { count: 3, unsubscribed: 0 } };
  return { data: { results: [] } };
}

describe('GroupEmailPage attachments', () => {
  it('lists a past send’s files with their sizes', async () => {
    sessionAs('admin');
    fakeServer(() => undefined, standard);
    renderWithApp(<GroupEmailPage />, { path: '/email' });
    const files = await screen.findByRole('list', { name: 'Attachments of Spring recital' });
    expect(within(files).getByRole('listitem').textContent).toBe('Programme.pdf · 2.0 KB');
  });

  it('sends the chosen Library files’ ids, and shows the server’s refusal under Attachments', async () => {
    sessionAs('admin');
    let refuse = true;
    const calls = fakeServer((c) => {
      if (c.url.endsWith('/massEmail/previewMassEmail')) {
        if (refuse) return { status: 400, message: 'The attachments may total at most 10 MB', errors: { 'attachmentIds.0': 'The attachments may total at most 10 MB' } };
        return { data: previewOf((c.body as { recipientId?: string }).recipientId === BEN._id ? BEN : ADA) };
      }
      if (c.url.endsWith('/massEmail/sendMassEmail')) return { message: 'Mail Sent successfully', data: { _id: id(21), recipientCount: 3, unsubscribedCount: 0 } };
      return undefined;
    }, standard);
    renderWithApp(<GroupEmailPage />, { path: '/email' });
    expect(screen.getByText(/up to 10 files, 10 MB in all/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('All students'));
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Concert' } });
    fireEvent.click(screen.getByRole('button', { name: '{first_name}' }));
    fireEvent.click(selectInput(screen, 'Attachments'));
    fireEvent.click(await screen.findByRole('option', { name: 'Programme.pdf (PDF)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview and send' }));

    expect(await screen.findByText('The attachments may total at most 10 MB', undefined, { timeout: patient(5000) })).toBeTruthy();
    expect(previews(calls)[0]?.body).toMatchObject({ allStudents: true, subject: 'Concert', attachmentIds: [PROGRAMME._id] });
    expect(sends(calls)).toHaveLength(0);

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Preview and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review before sending' }, { timeout: patient(5000) });
    expect(within(dialog).getByText('Send to 3 people?')).toBeTruthy();
    expect(within(dialog).getByText('Hello Ada')).toBeTruthy();
    // Nothing is sent until the count is confirmed.
    expect(sends(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 3 people' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(1), { timeout: patient(10_000) });
    expect(await screen.findByText('Mail Sent successfully', undefined, { timeout: patient(10_000) })).toBeTruthy();
    expect(sends(calls)[0]?.body).toMatchObject({ allStudents: true, subject: 'Concert', attachmentIds: [PROGRAMME._id], confirmedCount: 3 });
    expect(sends(calls)[0]?.body).not.toHaveProperty('recipientId');
    // The sent form starts again with no file chosen.
    await waitFor(() => expect(screen.queryByText('The attachments may total at most 10 MB')).toBeNull());
  });
});
