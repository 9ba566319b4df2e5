import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignupItem } from '../../../shared/contracts/signup-widget';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import ApprovedStudentsPage from './ApprovedStudentsPage';

const ADMIN = '00000000-0000-4000-8000-0000000000aa';
function signup(n: number, overrides: Partial<SignupItem> = {}): SignupItem {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`, adminId: ADMIN, first_name: 'Nora', last_name: `Quill${n}`,
    email: `nora${n}@example.com`, cellPhone: '(206) 555-0142', status: 'pending', plan: null, studentId: null, decidedAt: null,
    instruments: [{ genreId: { _id: 'g1', name: 'Violin' }, level: 'intermediate' }], createdAt: '2026-01-02T00:00:00.000Z', ...overrides,
  };
}

const page = (results: SignupItem[], counts = { pendingCount: results.length, approvedCount: 0, declinedCount: 0 }, totalCount = results.length) =>
  ({ results, page: 1, limit: 6, totalCount, ...counts });

describe('ApprovedStudentsPage', () => {
  beforeEach(() => {
    sessionAs('admin', 'School', { _id: ADMIN, adminId: ADMIN });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists pending signups with their instruments, and gives the signup link and snippet', async () => {
    const calls = fakeServer(() => ({ data: page([signup(1)], { pendingCount: 1, approvedCount: 4, declinedCount: 2 }) }));
    renderWithApp(<ApprovedStudentsPage />);
    const row = (await screen.findByText('Nora Quill1')).closest('tr')!;
    expect(within(row).getByText('nora1@example.com')).toBeTruthy();
    expect(within(row).getByText('(206) 555-0142')).toBeTruthy();
    expect(within(row).getByText('Violin · Intermediate')).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/reporting/approvedStudent/list', method: 'POST', body: { status: 'pending', page: 1, limit: 6, sortBy: 'createdAt', orderBy: -1 } });
    expect(screen.getByRole('tab', { name: 'Approved (4)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Declined (2)' })).toBeTruthy();
    const url = (screen.getByRole('textbox', { name: 'Public signup page' }) as HTMLInputElement).value;
    expect(url).toBe(`${window.location.origin}/studentSignup/${ADMIN}`);
    expect((screen.getByRole('textbox', { name: 'Embed snippet' }) as HTMLInputElement).value).toContain(`<iframe src="${url}"`);
    expect(screen.getByRole('button', { name: 'Copy Embed snippet' })).toBeTruthy();
  });

  it('shows the empty state of each tab', async () => {
    const calls = fakeServer(() => ({ data: page([]) }));
    renderWithApp(<ApprovedStudentsPage />);
    expect(await screen.findByText('No new widget students')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Declined/ }));
    expect(await screen.findByText('No declined signups')).toBeTruthy();
    expect(calls.at(-1)?.body?.status).toBe('declined');
  });

  it('asks before approving, sends the id and shows the success alert', async () => {
    const calls = fakeServer((call) =>
      call.url.endsWith('/approve')
        ? { message: 'Student approved successfully. An invitation email was sent.', data: signup(1, { status: 'approved' }) }
        : { data: page([signup(1)]) },
    );
    renderWithApp(<ApprovedStudentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Nora Quill1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve signup' });
    expect(within(dialog).getByText(/nora1@example.com receives an invitation/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Student approved successfully. An invitation email was sent.')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/approve'))?.body).toEqual({ id: signup(1)._id });
  });

  it("declines after confirmation, and shows the server's message on failure", async () => {
    fakeServer((call) =>
      call.url.endsWith('/decline')
        ? { status: 409, message: 'This signup was already approved or declined' }
        : { data: page([signup(2)]) },
    );
    renderWithApp(<ApprovedStudentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Nora Quill2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline signup' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This signup was already approved or declined')).toBeTruthy();
  });

  it('pages through the list', async () => {
    const calls = fakeServer((call) => ({ data: page([signup(Number(call.body?.page))], undefined, 8) }));
    renderWithApp(<ApprovedStudentsPage />);
    await screen.findByText('Nora Quill1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText('Nora Quill2')).toBeTruthy());
    expect(calls.at(-1)?.body?.page).toBe(2);
  });
});
