import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem } from '../../../shared/contracts/activities';
import { fakeServer as fakeApi, sessionAs as signIn } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import ActivitiesPage from './ActivitiesPage';
import { relativeTime } from '../../lib/relativeTime';

const sessionAs = (role: Parameters<typeof signIn>[0]) => signIn(role, null);

const item = (n: number, text: string, createdAt = new Date(Date.now() - 5 * 60_000).toISOString()): ActivityItem => ({
  _id: `e${n}`, action: 'member.added', text, actor: null, target: null, createdAt, timeZone: 'America/New_York',
});

/** Every call gets `answer(body)` as its data. */
const fakeServer = (answer: (body: Record<string, unknown> | undefined) => unknown) => fakeApi((call) => ({ data: answer(call.body) }));

afterEach(() => vi.unstubAllGlobals());

describe('ActivitiesPage', () => {
  it('shows each activity\'s sentence with a relative date, newest first as the server sends them', async () => {
    sessionAs('admin');
    const calls = fakeServer(() => ({ results: [item(1, 'Eleanor Whitfield added Lily Chen (student)'), item(2, 'Eleanor Whitfield added the family Chen family')], page: 1, limit: 10, totalCount: 2 }));
    renderWithApp(<ActivitiesPage />, { path: '/recentActivities/viewAllActivities' });
    expect(await screen.findByText('Eleanor Whitfield added Lily Chen (student)')).toBeTruthy();
    expect(screen.getByText('Eleanor Whitfield added the family Chen family')).toBeTruthy();
    expect(screen.getAllByText('5 minutes ago')).toHaveLength(2);
    expect(calls[0]?.body).toEqual({ page: 1, limit: 10 });
  });

  it('pages ten at a time', async () => {
    sessionAs('admin');
    const calls = fakeServer((body) => ({ results: [item(1, `Entry on page ${String(body?.page)}`)], page: body?.page, limit: 10, totalCount: 12 }));
    renderWithApp(<ActivitiesPage />, { path: '/recentActivities/viewAllActivities' });
    await screen.findByText('Entry on page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Entry on page 2')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 2, limit: 10 }));
  });

  it('leaves out login-as lines when asked, from page one, and shows times in the school’s zone', async () => {
    sessionAs('admin');
    const calls = fakeServer(() => ({ results: [item(1, 'Eleanor Whitfield added Lily Chen (student)', '2026-11-26T16:05:00.000Z')], page: 1, limit: 10, totalCount: 1 }));
    renderWithApp(<ActivitiesPage />, { path: '/recentActivities/viewAllActivities' });
    await screen.findByText('Eleanor Whitfield added Lily Chen (student)');
    // 16:05 UTC is 11:05 AM in New York, whatever the browser's zone.
    expect(screen.getByText('· Nov 26, 2026, 11:05 AM')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Hide login-as entries'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 1, limit: 10, hideLoginAs: true }));
  });

  it('has an empty state, worded for a student too', async () => {
    sessionAs('student');
    fakeServer(() => ({ results: [], page: 1, limit: 10, totalCount: 0 }));
    renderWithApp(<ActivitiesPage />, { path: '/recentActivities/viewAllActivities' });
    expect(await screen.findByText('No activities yet')).toBeTruthy();
    expect(screen.getByText('What you did, and what was done on your account.')).toBeTruthy();
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:40Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T09:00:00Z', '3 hours ago'],
    ['2026-03-09T12:00:00Z', 'yesterday'],
    ['2026-02-24T12:00:00Z', '2 weeks ago'],
    ['2025-03-10T12:00:00Z', 'last year'],
  ])('%s is "%s"', (iso, words) => {
    expect(relativeTime(iso, now)).toBe(words);
  });
});
