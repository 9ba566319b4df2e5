import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../../shared/contracts/notifications';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import NotificationsPage from './NotificationsPage';

const note = (n: number, isRead = false): NotificationItem => ({
  _id: `n${n}`, kind: 'test', title: `Title ${n}`, body: `Body ${n}`, link: null, isRead, readAt: isRead ? new Date().toISOString() : null,
  createdAt: new Date(Date.now() - n * 60 * 60_000).toISOString(),
});

function page(answer: (body: Record<string, unknown> | undefined) => { results: NotificationItem[]; totalCount: number; unreadCount: number }) {
  sessionAs('parent', null);
  return fakeServer((call) => {
    if (call.url.endsWith('/getNotification')) return { data: { page: call.body?.page, limit: 5, ...answer(call.body) } };
    if (call.url.endsWith('/getNotificationOnOff')) return { data: { userId: 'u1', notificationsOn: true } };
    if (call.url.endsWith('/notificationOnOff')) return { data: { userId: 'u1', notificationsOn: false }, message: 'Saved' };
    if (call.url.endsWith('/readAllNotification')) return { data: { count: 1 } };
    if (call.url.endsWith('/readNotification')) return { data: note(1, true) };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('lists five a page, with the unread ones marked, and pages on', async () => {
    const calls = page((body) => ({ results: body?.page === 2 ? [note(6, true)] : [1, 2, 3, 4, 5].map((n) => note(n, n > 1)), totalCount: 6, unreadCount: 1 }));
    renderWithApp(<NotificationsPage />, { path: '/notification' });
    expect(await screen.findByText('Title 1')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(screen.getAllByText('New')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Mark as read/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Title 6')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/getNotification')).map((c) => c.body)).toEqual([{ page: 1, limit: 5 }, { page: 2, limit: 5 }]);
  });

  it('marks one read, and all read', async () => {
    const calls = page(() => ({ results: [note(1), note(2)], totalCount: 2, unreadCount: 2 }));
    renderWithApp(<NotificationsPage />, { path: '/notification' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read: Title 1' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/readNotification'))?.body).toEqual({ id: 'n1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/readAllNotification'))).toBe(true));
  });

  it('says so when there are none, with "Mark all as read" off', async () => {
    page(() => ({ results: [], totalCount: 0, unreadCount: 0 }));
    renderWithApp(<NotificationsPage />, { path: '/notification' });
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the on/off switch, labelled, and saves it through notificationOnOff', async () => {
    const calls = page(() => ({ results: [], totalCount: 0, unreadCount: 0 }));
    renderWithApp(<NotificationsPage />, { path: '/notification' });
    const toggle = await screen.findByRole('switch', { name: /^Notifications on/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.url === '/api/scheduling/notificationOnOff')?.body).toEqual({ notificationsOn: false }));
  });

  it('shows the error with a retry', async () => {
    sessionAs('parent', null);
    fakeServer((call) => (call.url.endsWith('/getNotification') ? { status: 500, message: 'Server down' }
      : call.url.endsWith('/getPreferences') ? { data: { preferences: [{ category: 'schedule', inApp: true, email: true, push: true }] } }
        : { data: { userId: 'u1', notificationsOn: true } }));
    renderWithApp(<NotificationsPage />, { path: '/notification' });
    expect(await screen.findByText('Could not load your notifications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
