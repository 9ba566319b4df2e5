import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import { LOGIN_AS_TOKEN_COOKIE, readCookie, TOKEN_COOKIE, writeCookie } from '../../lib/cookies';
import { LOGIN_AS_USER_KEY, readSession, USER_KEY } from '../../lib/session';
import { OpenablePathsContext } from '../../lib/openablePaths';
import { fakeFetch } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import DashboardPage from './DashboardPage';
import { permissionsOf } from '../../../shared/permissions';

const admin: SessionUser = {
  _id: 'a1', username: 'admin', email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin',
  role: 'admin', addrole: 'School', adminId: null, school_name: 'Harmony', showStore: false,
  allow_payroll_report: false, emailVerified: false,
  permissions: permissionsOf({ role: 'admin', addrole: 'School', showStore: false }),
};
const teacher: SessionUser = { ...admin, _id: 't1', username: 'tom', first_name: 'Tom', last_name: 'Tune', role: 'teacher', adminId: 'a1', permissions: permissionsOf({ role: 'teacher', addrole: null, showStore: false }) };

const answers: Record<string, unknown> = {
  '/api/dashboard/getDashboard': { figures: [] },
  '/api/dashboard/getToday': {
    kind: 'none', timeZone: null, today: null, lessons: [], attendanceToTake: [], cancellations: [], signups: null, nextLesson: null, credits: null,
  },
  '/api/auth/loginAsCandidates': {
    results: [{ _id: 't1', first_name: 'Tom', last_name: 'Tune', username: 'tom', role: 'teacher', school_name: 'Harmony' }],
    page: 1, limit: 6, totalCount: 1,
  },
  '/api/auth/local/loginas': { token: 'acting-token', user: teacher, actor: admin },
  '/api/recentActivities/viewAllActivities': {
    results: [{ _id: 'e1', action: 'member.added', text: 'Ada Admin added Tom Tune (teacher)', actor: null, target: null, createdAt: '2026-11-20T15:00:00.000Z' }],
    page: 1, limit: 5, totalCount: 1,
  },
};

const serveDashboard = () => fakeFetch(({ url }) => ({ data: answers[url] }));

describe('DashboardPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state, the verification notice, and acts as a chosen person', async () => {
    writeCookie(TOKEN_COOKIE, 'admin-token');
    localStorage.setItem(USER_KEY, JSON.stringify(admin));
    serveDashboard();
    renderWithApp(<DashboardPage />, { path: '/dashboard' });

    expect(await screen.findByText('No figures yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(screen.getByLabelText('Search people')).toBeTruthy();
    expect(await screen.findByText('Ada Admin added Tom Tune (teacher)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all activities' }).getAttribute('href')).toBe('/recentActivities/viewAllActivities');

    fireEvent.click(await screen.findByRole('button', { name: 'Login as Tom Tune' }));

    await waitFor(() => expect(readCookie(LOGIN_AS_TOKEN_COOKIE)).toBe('acting-token'));
    expect(JSON.parse(localStorage.getItem(LOGIN_AS_USER_KEY) ?? '{}').username).toBe('tom');
    expect(readCookie(TOKEN_COOKIE)).toBe('admin-token');
    expect(readSession()).toMatchObject({ user: { username: 'tom' }, actor: { username: 'admin' } });
  });

  it('shows a teacher no recent activities (their route table has no such page)', async () => {
    writeCookie(TOKEN_COOKIE, 'teacher-token');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...teacher, emailVerified: true }));
    const fetch = serveDashboard();
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('No figures yet')).toBeTruthy();
    expect(screen.queryByText('Recent activities')).toBeNull();
    expect(fetch.mock.calls.map((c) => c[0])).not.toContain('/api/recentActivities/viewAllActivities');
  });

  it('gives a student cards for the learning pages their menu does not list', async () => {
    const student: SessionUser = { ...teacher, _id: 's1', username: 'lily', first_name: 'Lily', role: 'student', emailVerified: true, permissions: permissionsOf({ role: 'student', addrole: null, showStore: false }) };
    writeCookie(TOKEN_COOKIE, 'student-token');
    localStorage.setItem(USER_KEY, JSON.stringify(student));
    serveDashboard();
    renderWithApp(
      <OpenablePathsContext.Provider value={['/dashboard', '/learning/courses', '/quizCategories', '/earTrainerQuiz', '/learnMore']}>
        <DashboardPage />
      </OpenablePathsContext.Provider>,
      { path: '/dashboard' },
    );
    const section = await screen.findByRole('region', { name: 'Learn and play' });
    const links = Array.from(section.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['Quizzes', '/quizCategories'], ['Ear Trainer', '/earTrainerQuiz'], ['Learn More', '/learnMore']]);
  });
});
