import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import type { GlanceLesson, TodayAtAGlance } from '../../../shared/contracts/dashboard';
import { TOKEN_COOKIE, writeCookie } from '../../lib/cookies';
import { USER_KEY } from '../../lib/session';
import { fakeFetch } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { TodayGlance } from './TodayGlance';
import { permissionsOf } from '../../../shared/permissions';
import { patient } from '../../../tests/patience';

const admin: SessionUser = {
  _id: 'a1', username: 'admin', email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin',
  role: 'admin', addrole: 'School', adminId: 'a1', school_name: 'Harmony', showStore: false,
  allow_payroll_report: false, emailVerified: true,
  permissions: permissionsOf({ role: 'admin', addrole: 'School', showStore: false }),
};
const ZONE = 'America/New_York';
const lesson = (over: Partial<GlanceLesson>): GlanceLesson => ({
  _id: 'l1', start: '2026-11-26T16:00:00-05:00', end: '2026-11-26T16:30:00-05:00', lessonType: 'Private Lesson', who: 'Lily Chen',
  teacher: 'Sofia Marin', room: 'Studio A', cancelled: false, cancelReason: null, isMakeup: false, attendanceTaken: false, started: true, ...over,
});
const base: TodayAtAGlance = {
  kind: 'office', timeZone: ZONE, today: '2026-11-26', lessons: [], attendanceToTake: [], cancellations: [], signups: null, nextLesson: null, credits: null,
};

const credit = {
  _id: 'c1', student: { _id: 's1', first_name: 'Ada', last_name: 'Admin' },
  lesson: { _id: 'l0', start: '2026-11-20T16:00:00-05:00', lesson_type: 'Private Lesson', teacher: { _id: 't1', first_name: 'Sofia', last_name: 'Marin' } },
  bankedExpDate: '2026-12-06T23:59:00-05:00', status: 'available', bankedDue: false, grantedByHand: false, usedLessonId: null, createdAt: '2026-11-20T00:00:00.000Z',
};

function render(user: SessionUser, glance: TodayAtAGlance, lessonDetails?: unknown) {
  writeCookie(TOKEN_COOKIE, 'tok');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  const answers: Record<string, unknown> = {
    '/api/dashboard/getToday': glance,
    '/api/scheduling/getLesson': lessonDetails,
    '/api/scheduling/getCredits': { results: [credit, { ...credit, _id: 'c2' }], page: 1, limit: 50, totalCount: 2 },
    '/api/scheduling/makeupSlot/list': { results: [], page: 1, limit: 50, totalCount: 0 },
  };
  const fetch = fakeFetch(({ url }) => ({ data: answers[url] ?? null }));
  renderWithApp(<TodayGlance />, { path: '/dashboard' });
  return fetch;
}

describe('TodayGlance', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the office today’s lessons, attendance to take, cancellations and waiting signups with their links', async () => {
    render(admin, {
      ...base,
      lessons: [lesson({ started: false })],
      attendanceToTake: [lesson({ _id: 'l0', start: '2026-11-25T10:00:00-05:00', end: '2026-11-25T10:30:00-05:00' })],
      cancellations: [lesson({ _id: 'l2', cancelled: true, cancelReason: 'Teacher ill' })],
      signups: { count: 3, results: [{ _id: 's1', first_name: 'Ava', last_name: 'Signup', createdAt: '2026-11-25T12:00:00.000Z' }] },
    });
    const today = await screen.findByRole('region', { name: /Today's lessons/ });
    expect(within(today).getByText('4:00 PM – 4:30 PM')).toBeTruthy();
    expect(within(today).getByText('Lily Chen · Private Lesson')).toBeTruthy();
    expect(within(today).getByText('with Sofia Marin · Room: Studio A')).toBeTruthy();
    expect(within(today).getByRole('link', { name: 'Open the daily calendar' }).getAttribute('href')).toBe('/scheduling/daily?date=2026-11-26');
    const toTake = screen.getByRole('region', { name: /Attendance to take/ });
    expect(within(toTake).getByText('Wed, Nov 25, 10:00 AM – 10:30 AM')).toBeTruthy();
    expect(within(toTake).getByRole('button', { name: /^Take attendance/ })).toBeTruthy();
    const cancelled = screen.getByRole('region', { name: /Cancellations this week/ });
    expect(within(cancelled).getByText('Reason: Teacher ill')).toBeTruthy();
    expect(within(cancelled).getByRole('link', { name: 'Open the weekly calendar' }).getAttribute('href')).toBe('/scheduling/weekly?date=2026-11-26');
    const signups = screen.getByRole('region', { name: /Waiting widget signups/ });
    expect(within(signups).getByText('3')).toBeTruthy();
    expect(within(signups).getByText('Ava Signup')).toBeTruthy();
    expect(within(signups).getByRole('link', { name: 'Review signups' }).getAttribute('href')).toBe('/reporting/approvedStudent');
  });

  it('shows empty states', async () => {
    render(admin, { ...base, signups: { count: 0, results: [] } });
    expect(await screen.findByText('No lessons today.')).toBeTruthy();
    expect(screen.getByText('Attendance is taken for every lesson so far.')).toBeTruthy();
    expect(screen.getByText('No lessons are cancelled this week.')).toBeTruthy();
    expect(screen.getByText('No signups are waiting.')).toBeTruthy();
  });

  it('opens the attendance form from a teacher’s agenda in one tap', async () => {
    const teacher = { ...admin, _id: 't1', role: 'teacher' as const };
    const details = {
      _id: 'l1', title: 'Private Lesson: Lily Chen', start: '2026-11-26T16:00:00-05:00', end: '2026-11-26T16:30:00-05:00',
      studentAttendance: [{ studId: { _id: 's1', first_name: 'Lily', last_name: 'Chen' }, status: null }], detail: true, timeZone: 'America/New_York', lesson_type: { _id: 'lt', name: 'Private Lesson', kind: 'private' },
    };
    const fetch = render(teacher, { ...base, kind: 'teacher', lessons: [lesson({}), lesson({ _id: 'l9', started: false })] }, details);
    const agenda = await screen.findByRole('region', { name: /Today's agenda/ });
    // Only a started lesson offers attendance; every lesson opens.
    expect(within(agenda).getAllByRole('button', { name: /^Take attendance/ })).toHaveLength(1);
    expect(within(agenda).getAllByRole('button', { name: /^Open lesson/ })).toHaveLength(2);
    fireEvent.click(within(agenda).getByRole('button', { name: /^Take attendance/ }));
    // The drawer's code loads on first use: give it time under load.
    expect(await screen.findByRole('form', { name: 'Take attendance' }, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.getByText('Private Lesson: Lily Chen, Thu, Nov 26, 4:00 PM – 4:30 PM')).toBeTruthy();
    expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/scheduling/getLesson');
  });

  it('shows a student their next lesson, teacher and room, and their credits', async () => {
    const student = { ...admin, _id: 's1', role: 'student' as const };
    render(student, {
      ...base, kind: 'student', nextLesson: lesson({ started: false, who: '' }), credits: { count: 2, nearestExpiry: '2026-12-06T23:59:00-05:00' },
    });
    const next = await screen.findByRole('region', { name: 'Your next lesson' });
    expect(within(next).getByText('Thu, Nov 26, 4:00 PM – 4:30 PM')).toBeTruthy();
    expect(within(next).getByText('Teacher: Sofia Marin')).toBeTruthy();
    expect(within(next).getByText('Room: Studio A')).toBeTruthy();
    const credits = screen.getByRole('region', { name: /Make-up credits/ });
    expect(within(credits).getByText('2')).toBeTruthy();
    expect(within(credits).getByText(/expires on Dec 6, 2026 at 11:59 PM/)).toBeTruthy();
    // The student books a make-up into an open slot from here, as a parent does from Children.
    fireEvent.click(await within(credits).findByRole('button', { name: 'Book a make-up' }));
    expect(await screen.findByRole('dialog', { name: 'Book a make-up' })).toBeTruthy();
  });

  it('shows a student without lessons or credits what is missing', async () => {
    render({ ...admin, role: 'student' }, { ...base, kind: 'student', credits: { count: 0, nearestExpiry: null } });
    expect(await screen.findByText('No upcoming lessons.')).toBeTruthy();
    expect(screen.getByText('You have no make-up credits to use.')).toBeTruthy();
  });
});
