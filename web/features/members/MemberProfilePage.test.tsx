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
