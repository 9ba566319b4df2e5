import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, lessonTypes, makeupCredits, schools, studentSignups } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import type { GlanceLesson, TodayAtAGlance } from '../../../shared/contracts/dashboard.js';

const ZONE = 'America/New_York';
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let otherTeacher: TestUser;
const ids: Record<string, string> = {};
const day = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;
const token = (id: string) => sessionToken(t, id);

async function glance(userId: string): Promise<TodayAtAGlance> {
  const res = await t.call('GET', '/api/dashboard/getToday', { token: await token(userId) });
  expect(res.status).toBe(200);
  return res.body.data;
}
const idsOf = (list: GlanceLesson[]) => list.map((l) => l._id);

async function privateTypeOf(adminId: string): Promise<string> {
  // The first scheduling call of a school makes its lesson types.
  await t.call('POST', '/api/scheduling/lessonType/list', { token: await token(adminId), body: {} });
  const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessonTypes).where(eq(lessonTypes.adminId, adminId)));
  return rows.find((r) => r.kind === 'private')!.id;
}

async function addLesson(s: TestSchool, teacherId: string, studentId: string, date: string, startTime: string, typeId: string): Promise<string> {
  const res = await t.call('POST', '/api/scheduling/addLesson', {
    token: await token(s.admin.id),
    body: { teacherId, lessonTypeId: typeId, studentIds: [studentId], date, startTime, durationMinutes: 15, repeat: 'none' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data._id;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  otherTeacher = await createUser(t.db, 'teacher', a.adminId, { firstName: 'Otto', lastName: 'Keys' });
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone: ZONE }));
  const typeA = await privateTypeOf(a.admin.id);
  const typeB = await privateTypeOf(b.admin.id);
  ids.early = await addLesson(a, a.teacher.id, a.student.id, day(0), '00:00', typeA);
  ids.late = await addLesson(a, a.teacher.id, a.student.id, day(0), '23:30', typeA);
  ids.noon = await addLesson(a, a.teacher.id, a.student.id, day(0), '12:00', typeA);
  ids.others = await addLesson(a, otherTeacher.id, a.otherStudent.id, day(0), '09:00', typeA);
  ids.yesterday = await addLesson(a, a.teacher.id, a.student.id, day(-1), '10:00', typeA);
  ids.taken = await addLesson(a, a.teacher.id, a.student.id, day(-2), '10:00', typeA);
  ids.old = await addLesson(a, a.teacher.id, a.student.id, day(-10), '10:00', typeA);
  ids.tomorrow = await addLesson(a, a.teacher.id, a.student.id, day(1), '10:00', typeA);
  ids.b = await addLesson(b, b.teacher.id, b.student.id, day(0), '00:00', typeB);
  ids.bYesterday = await addLesson(b, b.teacher.id, b.student.id, day(-1), '10:00', typeB);
  const now = Date.now();
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.update(lessons).set({ status: 'cancelled', cancelReason: 'Teacher ill', cancelledAt: new Date() }).where(eq(lessons.id, ids.noon!));
    await tx.update(lessons).set({ attendanceTakenAt: new Date() }).where(eq(lessons.id, ids.taken!));
    const credit = (lessonId: string, days: number, status = 'available') =>
      ({ adminId: a.adminId, studentId: a.student.id, lessonId, expiresAt: new Date(now + days * 86_400_000), status });
    await tx.insert(makeupCredits).values([credit(ids.yesterday!, 20), credit(ids.taken!, 10), credit(ids.old!, -1), credit(ids.tomorrow!, 30, 'used')]);
    const signup = (adminId: string, firstName: string, status = 'pending') =>
      ({ adminId, firstName, lastName: 'Signup', email: `${firstName}@example.test`, cellPhone: '+12025550123', genres: [], status });
    await tx.insert(studentSignups).values([signup(a.adminId, 'Ava'), signup(a.adminId, 'Ben'), signup(a.adminId, 'Cid', 'declined'), signup(b.adminId, 'Dora')]);
  });
});
afterAll(() => t.close());

describe('GET /api/dashboard/getToday', () => {
  it('shows the office the school’s day in its zone, what attendance is left, the week’s cancellations and waiting signups', async () => {
    const g = await glance(a.admin.id);
    expect(g).toMatchObject({ kind: 'office', timeZone: ZONE, today: day(0), nextLesson: null, credits: null });
    expect(idsOf(g.lessons)).toEqual([ids.early, ids.others, ids.noon, ids.late]);
    expect(g.lessons[0]!.start).toMatch(new RegExp(`^${day(0)}T00:00:00[-+]0[45]:00$`));
    expect(g.lessons[0]).toMatchObject({ lessonType: 'Private Lesson', who: 'Student Tester', cancelled: false, attendanceTaken: false });
    expect(g.lessons[1]!.teacher).toBe('Otto Keys');
    expect(g.lessons[2]).toMatchObject({ cancelled: true, cancelReason: 'Teacher ill' });
    // Started, not cancelled, no attendance, within the last week; newest first.
    const toTake = idsOf(g.attendanceToTake);
    expect(toTake).toContain(ids.yesterday);
    expect(toTake).toContain(ids.early);
    for (const id of [ids.noon, ids.taken, ids.old, ids.tomorrow, ids.late, ids.b, ids.bYesterday]) expect(toTake).not.toContain(id);
    expect(idsOf(g.cancellations)).toEqual([ids.noon]);
    expect(g.signups!.count).toBe(2);
    expect(g.signups!.results.map((s) => s.first_name).sort()).toEqual(['Ava', 'Ben']);
  });

  it('shows a subadmin the same as their admin, and another school only its own', async () => {
    const sub = await glance(a.subadmin.id);
    expect(idsOf(sub.lessons)).toEqual([ids.early, ids.others, ids.noon, ids.late]);
    expect(sub.signups!.count).toBe(2);
    const other = await glance(b.admin.id);
    expect(idsOf(other.lessons)).toEqual([ids.b]);
    expect(idsOf(other.attendanceToTake)).toContain(ids.bYesterday);
    expect(idsOf(other.attendanceToTake)).not.toContain(ids.yesterday);
    expect(other.cancellations).toEqual([]);
    expect(other.signups).toMatchObject({ count: 1, results: [{ first_name: 'Dora' }] });
  });

  it('shows a teacher only their own day and attendance to take', async () => {
    const g = await glance(a.teacher.id);
    expect(g).toMatchObject({ kind: 'teacher', cancellations: [], signups: null, credits: null });
    expect(idsOf(g.lessons)).toEqual([ids.early, ids.noon, ids.late]);
    expect(idsOf(g.attendanceToTake)).toContain(ids.yesterday);
    expect(idsOf(g.attendanceToTake)).not.toContain(ids.others);
    const other = await glance(otherTeacher.id);
    expect(idsOf(other.lessons)).toEqual([ids.others]);
  });

  it('shows a student their next lesson with teacher and room, and their usable credits', async () => {
    const g = await glance(a.student.id);
    expect(g).toMatchObject({ kind: 'student', lessons: [], attendanceToTake: [], cancellations: [], signups: null });
    const now = Date.now();
    const nowLocal = DateTime.now().setZone(ZONE);
    const candidates = [
      { id: ids.early, end: nowLocal.startOf('day').plus({ minutes: 15 }) },
      { id: ids.late, end: nowLocal.startOf('day').plus({ hours: 23, minutes: 45 }) },
      { id: ids.tomorrow, end: nowLocal.plus({ days: 1 }).startOf('day').plus({ hours: 10, minutes: 15 }) },
    ];
    const expected = candidates.find((c) => c.end.toMillis() > now)!.id;
    expect(g.nextLesson).toMatchObject({ _id: expected, teacher: 'Teacher Tester', room: null, cancelled: false });
    // Two available credits; the expired and the used ones do not count; the nearest is the ten-day one.
    expect(g.credits!.count).toBe(2);
    expect(DateTime.fromISO(g.credits!.nearestExpiry!).diffNow('days').days).toBeCloseTo(10, 0);
    expect(g.credits!.nearestExpiry).toMatch(/[-+]0[45]:00$/);
    const other = await glance(a.otherStudent.id);
    expect(other.credits).toEqual({ count: 0, nearestExpiry: null });
    // The other student's one lesson is today at 9:00 (null once it has ended): never someone else's.
    const othersEnd = nowLocal.startOf('day').plus({ hours: 9, minutes: 15 }).toMillis();
    expect(other.nextLesson?._id ?? null).toBe(othersEnd > Date.now() ? ids.others : null);
    expect((await glance(b.student.id)).credits).toEqual({ count: 0, nearestExpiry: null });
  });

  it('gives a parent nothing of the office’s, and refuses no session', async () => {
    expect(await glance(a.parent.id)).toMatchObject({ kind: 'none', lessons: [], signups: null, credits: null });
    expect((await t.call('GET', '/api/dashboard/getToday', {})).status).toBe(401);
  });
});
