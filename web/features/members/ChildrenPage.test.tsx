import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import type { Child } from '../../../shared/contracts/members';
import { SCHEDULING_MESSAGES, type UpcomingLesson } from '../../../shared/contracts/scheduling';
import { fakeServer } from '../../test/fakeApi';
import { TOKEN_COOKIE, writeCookie } from '../../lib/cookies';
import { USER_KEY } from '../../lib/session';
import { renderWithApp } from '../../test/render';
import ChildrenPage from './ChildrenPage';
import { permissionsOf } from '../../../shared/permissions';

const parent: SessionUser = {
  _id: 'p1', username: 'parent', email: 'grace@example.com', first_name: 'Grace', last_name: 'Chen',
  role: 'parent', addrole: null, adminId: 'a1', school_name: 'Riverside', showStore: false,
  allow_payroll_report: false, emailVerified: false,
  permissions: permissionsOf({ role: 'parent', addrole: null, showStore: false }),
};

function renderAs(user: SessionUser) {
  writeCookie(TOKEN_COOKIE, 'tok');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  fakeServer(() => ({ data: { results: [] } }));
  return renderWithApp(<ChildrenPage />, { path: '/member/children' });
}

describe('ChildrenPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a parent with an unverified address to verify it', async () => {
    renderAs(parent);
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
    expect(screen.getByText('Please verify your email address')).toBeTruthy();
    expect(screen.getByText(/grace@example\.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('says nothing about it once the address is verified', async () => {
    renderAs({ ...parent, emailVerified: true });
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
    expect(screen.queryByText('Please verify your email address')).toBeNull();
  });

  it('shows each child’s next lesson on the school’s clock, the upcoming ones, and their reminder switch', async () => {
    writeCookie(TOKEN_COOKIE, 'tok');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...parent, emailVerified: true }));
    const kid = (id: string, first: string): Child => ({
      _id: id, first_name: first, last_name: 'Chen', username: first.toLowerCase(), status: true, instruments: [], teachers: [],
    });
    const lesson = (id: string, start: string, overrides: Partial<UpcomingLesson> = {}): UpcomingLesson => ({
      _id: id, start, end: start, title: 'Piano 30', room: 'Studio A', cancelled: false, student: null, ...overrides,
    });
    const calls = fakeServer(({ url, body }) => {
      if (url.endsWith('/member/children')) return { data: { results: [kid('c1', 'Lily'), kid('c2', 'Owen')] } };
      if (url.endsWith('/getUpcomingLessons')) {
        return body?.studentId === 'c1'
          ? { data: { results: [
            lesson('l1', '2026-11-27T16:00:00-05:00', { cancelled: true }),
            lesson('l2', '2026-12-04T16:00:00-05:00'),
            lesson('l3', '2026-12-11T16:30:00-05:00', { room: null, title: 'Theory' }),
          ] } }
          : { data: { results: [] } };
      }
      if (url.endsWith('/getNotificationOnOff')) return { data: { userId: body?.userId, notificationsOn: true } };
      if (url.endsWith('/getCredits')) return { data: { results: [], totalCount: 0 } };
      if (url.endsWith('/notificationOnOff')) return { message: SCHEDULING_MESSAGES.notificationSaved, data: { userId: body?.userId, notificationsOn: body?.notificationsOn } };
      return undefined;
    });
    renderWithApp(<ChildrenPage />, { path: '/member/children' });
    const lily = await screen.findByRole('article', { name: 'Lily Chen' });
    expect(await within(lily).findByText('Next lesson')).toBeTruthy();
    // The first lesson is cancelled: the next is the one after, at 4 pm school time whatever the reader's zone.
    expect(within(lily).getByText(/Dec 4.*4:00\s?PM|4 Dec.*4:00\s?PM/)).toBeTruthy();
    expect(within(lily).getByText('Piano 30 · Studio A')).toBeTruthy();
    expect(within(lily).getByText('Upcoming lessons')).toBeTruthy();
    expect(within(lily).getByText('Cancelled')).toBeTruthy();
    expect(within(lily).getByText(/4:30\s?PM · Theory/)).toBeTruthy();
    const owen = screen.getByRole('article', { name: 'Owen Chen' });
    expect(await within(owen).findByText('No lessons scheduled')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/getUpcomingLessons')).map((c) => c.body)).toEqual(
      expect.arrayContaining([{ studentId: 'c1', limit: 5 }, { studentId: 'c2', limit: 5 }]));

    const toggle = (await within(owen).findByRole('switch', { name: 'Email reminders for Owen Chen' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/notificationOnOff'))?.body).toEqual({ userId: 'c2', notificationsOn: false }));
    expect(calls.find((c) => c.url.endsWith('/getNotificationOnOff') && c.body?.userId === 'c1')).toBeTruthy();
  });
});
