import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonTypes, schools } from '../../db/schema/index.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { createSettableClock, type SettableClock } from '../../test/settable-clock.js';
import { recordActivity } from './index.js';

/** Recent activities of lessons, make-ups and attendance: one line an action, in the school's zone. */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tok = { admin: '', teacher: '', bAdmin: '' };
let privateType: string;
const ZONE = 'America/New_York';
/** School A's clock (decision 067): Tuesday 1 December 2026, noon, before the 2027 lessons below whatever the wall's date. */
let clock: SettableClock;
const SCHOOL_NOW = new Date('2026-12-01T17:00:00Z');

const call = (path: string, token: string, body: unknown) => t.call('POST', path, { token, body });
const ok = async (path: string, token: string, body: unknown) => (await expectCall(t, 'POST', path, { token, body })).data;
type Line = { action: string; text: string; createdAt: string; timeZone: string };
const lines = async (token: string, body: Record<string, unknown> = {}): Promise<Line[]> =>
  (await ok('/api/recentActivities/viewAllActivities', token, { limit: 100, ...body })).results;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone: ZONE }));
  tok.admin = await sessionToken(t, a.admin.id);
  tok.teacher = await sessionToken(t, a.teacher.id);
  tok.bAdmin = await sessionToken(t, b.admin.id);
  clock = createSettableClock();
  t.services.clock = clock;
  clock.set(a.adminId, SCHOOL_NOW);
  await ok('/api/scheduling/lessonType/list', tok.admin, {});
  const types = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessonTypes).where(eq(lessonTypes.adminId, a.adminId)));
  privateType = types.find((r) => r.kind === 'private')!.id;
});
afterAll(() => t.close());

const lesson = (extra: Record<string, unknown>) => ({
  teacherId: a.teacher.id, lessonTypeId: privateType, studentIds: [a.student.id], startTime: '16:00', durationMinutes: 30, repeat: 'none', ...extra,
});

describe('Recent activities of the schedule', () => {
  it('records a series as one line, and each lesson change, cancellation, attendance and deletion', async () => {
    await ok('/api/scheduling/addLesson', tok.admin, lesson({ date: '2027-01-04', repeat: 'weekly', ends: 'count', count: 12 }));
    expect((await lines(tok.admin))[0]).toMatchObject({
      action: 'lesson.added', text: 'Admin Tester added the lesson Private Lesson: Student Tester, Mon, Jan 4, 4:00 PM (12 lessons)',
    });
    expect((await lines(tok.admin)).filter((l) => l.action === 'lesson.added')).toHaveLength(1);

    const past = DateTime.fromJSDate(clock.now(a.adminId), { zone: ZONE }).minus({ days: 1 }).toISODate()!;
    const { _id: pastId } = await ok('/api/scheduling/addLesson', tok.admin, lesson({ date: past, startTime: '10:00' }));
    await ok('/api/scheduling/takeAttendance', tok.teacher, { lessonId: pastId, attendance: [{ studentId: a.student.id, status: 'present' }] });
    const pastWhen = DateTime.fromISO(`${past}T10:00`, { zone: ZONE }).toFormat('ccc, LLL d');
    expect((await lines(tok.admin))[0]).toMatchObject({
      action: 'attendance.taken', text: `Teacher Tester took attendance of the lesson Private Lesson: Student Tester, ${pastWhen}, 10:00 AM`,
    });

    const { _id: oneOff } = await ok('/api/scheduling/addLesson', tok.admin, lesson({ date: '2027-02-03' }));
    await ok('/api/scheduling/moveLesson', tok.admin, { id: oneOff, date: '2027-02-04', startTime: '17:00', scope: 'this' });
    expect((await lines(tok.admin))[0]).toMatchObject({ action: 'lesson.changed', text: 'Admin Tester changed the lesson Private Lesson: Student Tester, Thu, Feb 4, 5:00 PM' });
    await ok('/api/scheduling/cancelLesson', tok.admin, { id: oneOff, cancelReason: 'Snow day' });
    expect((await lines(tok.admin))[0]).toMatchObject({ action: 'lesson.cancelled', text: 'Admin Tester cancelled the lesson Private Lesson: Student Tester, Thu, Feb 4, 5:00 PM' });
    await ok('/api/scheduling/deleteLesson', tok.admin, { id: oneOff });
    expect((await lines(tok.admin))[0]).toMatchObject({ action: 'lesson.deleted', text: 'Admin Tester deleted the lesson Private Lesson: Student Tester, Thu, Feb 4, 5:00 PM' });
  });

  it('records a banked cancellation and the make-up booked with its credit', async () => {
    const { results: events } = await ok('/api/scheduling/getEvents', tok.admin, { start: '2027-01-11T00:00:00-05:00', end: '2027-01-12T00:00:00-05:00' });
    await ok('/api/scheduling/cancelLesson', tok.admin, { id: events[0]._id, cancelReason: 'Teacher ill', bank: true });
    const { results: credits } = await ok('/api/scheduling/getCredits', tok.admin, { status: 'available' });
    await ok('/api/scheduling/bookMakeup', tok.admin, {
      creditId: credits[0]._id, teacherId: a.teacher.id, lessonTypeId: privateType, date: '2027-01-13', startTime: '15:00', durationMinutes: 30,
    });
    const [booked, cancelled] = await lines(tok.admin);
    expect(booked).toMatchObject({ action: 'makeup.booked', text: 'Admin Tester booked the make-up lesson Private Lesson: Student Tester, Wed, Jan 13, 3:00 PM' });
    expect(cancelled).toMatchObject({ action: 'lesson.cancelled', text: 'Admin Tester cancelled the lesson Private Lesson: Student Tester, Mon, Jan 11, 4:00 PM' });
  });

  it('records one line for a make-up booked into an open slot, as for staff’s booking', async () => {
    const { results: events } = await ok('/api/scheduling/getEvents', tok.admin, { start: '2027-01-18T00:00:00-05:00', end: '2027-01-19T00:00:00-05:00' });
    await ok('/api/scheduling/cancelLesson', tok.admin, { id: events[0]._id, cancelReason: 'Teacher ill', bank: true });
    const { results: credits } = await ok('/api/scheduling/getCredits', tok.admin, { status: 'available' });
    const slot = await ok('/api/scheduling/makeupSlot/add', tok.teacher, { teacherId: a.teacher.id, lessonTypeId: privateType, date: '2027-01-20', startTime: '10:00', durationMinutes: 30 });
    const before = (await lines(tok.admin)).filter((l) => l.action === 'makeup.booked').length;
    await ok('/api/scheduling/makeupSlot/book', tok.admin, { slotId: slot._id, creditId: credits[0]._id });
    const after = await lines(tok.admin);
    expect(after[0]).toMatchObject({ action: 'makeup.booked', text: 'Admin Tester booked the make-up lesson Private Lesson: Student Tester, Wed, Jan 20, 10:00 AM' });
    expect(after.filter((l) => l.action === 'makeup.booked')).toHaveLength(before + 1);
    const refused = await call('/api/scheduling/makeupSlot/book', tok.admin, { slotId: slot._id, creditId: credits[0]._id });
    expect(refused.status).toBe(409);
    expect((await lines(tok.admin)).filter((l) => l.action === 'makeup.booked')).toHaveLength(before + 1);
  });

  it('records nothing for a refused change', async () => {
    const before = (await lines(tok.admin)).length;
    const res = await call('/api/scheduling/addLesson', tok.admin, lesson({ date: '2027-03-01', studentIds: [b.student.id] }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await lines(tok.admin)).length).toBe(before);
  });

  it('shows times with the school’s offset and zone, and another school none of these lines', async () => {
    const [line] = await lines(tok.admin);
    expect(line!.timeZone).toBe(ZONE);
    expect(line!.createdAt).toMatch(/[-+]0[45]:00$/);
    expect(await lines(tok.bAdmin)).toEqual([]);
  });

  it('leaves out the login-as lines when asked', async () => {
    await t.db.transaction({ kind: 'all' }, (tx) => recordActivity(tx, { adminId: a.adminId, actorId: a.admin.id, action: 'loginas.start', targetUserId: a.teacher.id }));
    expect((await lines(tok.admin)).map((l) => l.action)).toContain('loginas.start');
    const hidden = await lines(tok.admin, { hideLoginAs: true });
    expect(hidden.map((l) => l.action)).not.toContain('loginas.start');
    expect(hidden.length).toBeGreaterThan(0);
    const bad = await call('/api/recentActivities/viewAllActivities', tok.admin, { hideLoginAs: 'yes' });
    expect(bad.status).toBe(400);
  });
});
