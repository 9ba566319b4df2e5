import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberProfile } from '../../../shared/contracts/members';
import { renderWithApp } from '../../test/render';
import MemberProfilePage from './MemberProfilePage';
import { fakeServer, sessionAs, student } from './testServer';

const profile: MemberProfile = {
  ...student(1, { first_name: 'Lily', parents: [{ _id: '00000000-0000-4000-8000-0000000000c1', first_name: 'Grace', last_name: 'Chen' }] }),
  address1: '1 Main St', city: 'New York', state: 'NY', postal_code: '10001',
  classGroups: [{ _id: 'g1', name: 'Beginner Piano Group' }], families: [{ _id: 'f1', name: 'Chen family' }], canEdit: true,
};

function renderAt(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/member/:slug/:id" element={<MemberProfilePage />} />
    </Routes>,
    { path },
  );
}

describe('MemberProfilePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a student with instruments, linked teachers and parents, groups, families and Edit', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) => (url.includes('/member/profile/') ? { data: profile } : undefined));
    renderAt(`/member/student/${profile._id}`);
    expect(await screen.findByRole('heading', { name: 'Lily Chen' })).toBeTruthy();
    expect(calls[0]?.url).toBe(`/api/member/profile/${profile._id}`);
    expect(screen.getByText('Student · lily1')).toBeTruthy();
    expect(screen.getByText('Piano · Beginner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sofia Marin' }).getAttribute('href')).toMatch(/^\/member\/teacher\//);
    expect(screen.getByRole('link', { name: 'Grace Chen' }).getAttribute('href')).toMatch(/^\/member\/parent\//);
    expect(screen.getByRole('link', { name: 'Beginner Piano Group' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chen family' }).getAttribute('href')).toBe('/family/f1');
    expect(screen.getByText('1 Main St · New York, NY, 10001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeTruthy();
  });

  it('offers no Edit when the viewer may not change the person', async () => {
    sessionAs('parent');
    fakeServer(({ url }) => (url.includes('/member/profile/') ? { data: { ...profile, canEdit: false } } : undefined));
    renderAt(`/member/student/${profile._id}`);
    expect(await screen.findByRole('heading', { name: 'Lily Chen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to the list' })).toBeNull();
    // A parent has no family or group pages: the names show as text.
    expect(screen.getByText('Chen family')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Chen family' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Beginner Piano Group' })).toBeNull();
  });

  it('offers Resend invitation to staff while the invitation is pending, and sends it', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) =>
      url.includes('/member/profile/') ? { data: { ...profile, invitationPending: true } } : url.endsWith('/resendInvitation') ? { message: 'Invitation sent again' } : undefined,
    );
    renderAt(`/member/student/${profile._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/member/students/resendInvitation')?.body).toEqual({ id: profile._id }));
  });

  it('shows a student’s upcoming lessons, asked for by the student’s id', async () => {
    sessionAs('admin');
    const lesson = { _id: 'l1', start: '2030-03-04T16:00:00-05:00', end: '2030-03-04T16:30:00-05:00', title: 'Piano lesson', room: 'Room A', cancelled: false, student: null };
    const calls = fakeServer(({ url }) =>
      url.includes('/member/profile/') ? { data: profile } : url.endsWith('/scheduling/getUpcomingLessons') ? { data: { results: [lesson] } } : undefined,
    );
    renderAt(`/member/student/${profile._id}`);
    const section = await screen.findByRole('region', { name: 'Upcoming lessons' });
    expect(await within(section).findByText('Piano lesson · Room A')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/getUpcomingLessons'))?.body).toMatchObject({ studentId: profile._id });
  });

  it('shows staff the student’s lesson history, newest first with notes, paged, and the make-up credits', async () => {
    sessionAs('admin');
    const teacher = { _id: 't1', first_name: 'Sofia', last_name: 'Marin' };
    const line = (n: number, extra: Record<string, unknown> = {}) => ({
      _id: `l${n}:${profile._id}`, lessonId: `l${n}`, date: `2026-11-${String(20 - n).padStart(2, '0')}T16:00:00-05:00`,
      student: { _id: profile._id, first_name: 'Lily', last_name: 'Chen' }, teacher, lessonType: 'Piano 30', status: 'present', note: null, noteShared: false, ...extra,
    });
    const totals = { present: 12, absent: 0, late: 0, excused: 0, cancelled: 0 };
    const credit = { _id: 'c1', bankedExpDate: '2026-12-31T00:00:00-05:00' };
    const calls = fakeServer(({ url, body }) => {
      if (url.includes('/member/profile/')) return { data: profile };
      if (url.endsWith('/reporting/getAttendance')) {
        const page = (body as { page: number }).page;
        const results = page === 1 ? [line(1, { status: 'late', note: 'Scales much better.\nPractise bar 12.', noteShared: true }), line(2, { note: 'Seemed tired' })] : [line(11)];
        return { data: { results, page, limit: 10, totalCount: 12, totals, byMonth: [], timeZone: 'America/New_York' } };
      }
      if (url.endsWith('/scheduling/getCredits')) return { data: { results: [credit], totalCount: 1 } };
      return undefined;
    });
    renderAt(`/member/student/${profile._id}`);
    const section = await screen.findByRole('region', { name: 'Lesson history' });
    const list = await within(section).findByRole('list', { name: 'Lesson history of Lily Chen' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Late');
    expect(items[0]!.textContent).toContain('Piano 30 · Sofia Marin');
    expect(items[0]!.textContent).toContain('Note (shared with family): Scales much better.');
    expect(items[1]!.textContent).toContain('Note: Seemed tired');
    expect(await within(section).findByText(/1 make-up credit · the first expires/)).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/getAttendance'))?.body).toMatchObject({ studentId: profile._id, page: 1, limit: 10, sortBy: 'date', orderBy: -1 });
    expect(calls.find((c) => c.url.endsWith('/getCredits'))?.body).toMatchObject({ studentId: profile._id, status: 'available' });
    fireEvent.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));

    // It says which years it shows, and reads the three before on a click, from their first page.
    const range = within(section).getByTestId('history-range');
    expect(range.textContent).toMatch(/^Showing the last 3 years \(since \w{3} \d{1,2}, \d{4}\)$/);
    const first = calls.filter((c) => c.url.endsWith('/getAttendance'))[0]!.body as { from: string; to: string };
    expect(within(section).queryByRole('button', { name: 'Later lessons' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Earlier lessons' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/getAttendance')).at(-1)?.body).toMatchObject({ to: first.from, page: 1 }));
    expect(range.textContent).toMatch(/^Showing \w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}$/);
    const later = within(section).getByRole('button', { name: 'Later lessons' }) as HTMLButtonElement;
    await waitFor(() => expect(later.disabled).toBe(false));
    fireEvent.click(later);
    await waitFor(() => expect(within(section).getByTestId('history-range').textContent).toMatch(/^Showing the last 3 years/));
  });

  it('shows no lesson history to a parent, and says when there is none yet', async () => {
    sessionAs('parent');
    fakeServer(({ url }) => (url.includes('/member/profile/') ? { data: { ...profile, canEdit: false } } : undefined));
    renderAt(`/member/student/${profile._id}`);
    expect(await screen.findByRole('heading', { name: 'Lily Chen' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lesson history' })).toBeNull();
    vi.unstubAllGlobals();
    sessionAs('teacher');
    fakeServer(({ url }) => (url.includes('/member/profile/') ? { data: profile } : undefined));
    renderAt(`/member/student/${profile._id}`);
    const section = await screen.findByRole('region', { name: 'Lesson history' });
    expect(await within(section).findByText('No past lessons with attendance yet')).toBeTruthy();
    expect(await within(section).findByText('No make-up credits')).toBeTruthy();
  });

  it('offers no Resend invitation once accepted, or to a viewer who may not edit', async () => {
    sessionAs('admin');
    fakeServer(({ url }) => (url.includes('/member/profile/') ? { data: { ...profile, invitationPending: false } } : undefined));
    renderAt(`/member/student/${profile._id}`);
    expect(await screen.findByRole('heading', { name: 'Lily Chen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('says when the person is not found', async () => {
    sessionAs('admin');
    fakeServer(() => ({ status: 404, message: 'Member not found' }));
    renderAt(`/member/student/${profile._id}`);
    expect(await screen.findByText('Member not found')).toBeTruthy();
  });
});
