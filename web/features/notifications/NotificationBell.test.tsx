import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../../shared/contracts/notifications';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { NotificationBell } from './NotificationBell';

const note = (n: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: `n${n}`, kind: 'test', title: `Title ${n}`, body: `Body ${n}`, link: '/learning/practice', isRead: false, readAt: null,
  createdAt: new Date(Date.now() - n * 60 * 60_000).toISOString(), ...extra,
});

function bell(count: number, results: NotificationItem[]) {
  sessionAs('student', null);
  const calls = fakeServer((call) => {
    if (call.url.endsWith('/getUnReadNotificationCount')) return { data: { count } };
    if (call.url.endsWith('/getNotification')) return { data: { results, page: 1, limit: 5, totalCount: results.length, unreadCount: count } };
    if (call.url.endsWith('/readNotification')) return { data: { ...results[0], isRead: true } };
    return undefined;
  });
  renderWithApp(
    <Routes>
      <Route path="/dashboard" element={<NotificationBell userId="u1" withSocket={false} />} />
      <Route path="/learning/practice" element={<p>Practice page</p>} />
      <Route path="/notification" element={<p>All notifications page</p>} />
    </Routes>,
    { path: '/dashboard' },
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('names the unread count for screen readers and asks for the signed-in person\'s own count', async () => {
    const calls = bell(3, []);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/api/notification/getUnReadNotificationCount', body: { userId: 'u1' } });
  });

  it('has no count in its name or badge when all are read', async () => {
    bell(0, []);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('0')).toBeNull());
  });

  it('lists the latest five when opened; a click marks it read and follows its link', async () => {
    const calls = bell(2, [note(1), note(2, { isRead: true, readAt: new Date().toISOString() })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const unread = await screen.findByRole('menuitem', { name: /^Unread: Title 1/ });
    expect(screen.getByRole('menuitem', { name: /^Title 2/ })).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/getNotification'))?.body).toEqual({ page: 1, limit: 5 });
    fireEvent.click(unread);
    expect(await screen.findByText('Practice page')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/readNotification'))?.body).toEqual({ id: 'n1' }));
  });

  it('says so when there are none, and "View all" opens /notification', async () => {
    bell(0, []);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'View all' }));
    expect(await screen.findByText('All notifications page')).toBeTruthy();
  });
});
