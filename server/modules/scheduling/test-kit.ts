import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { lessonTypes, schools } from '../../db/schema/index.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { loadSchoolSchedule } from './time/school-schedule.js';

/** Calls under /api/scheduling. */
export function schedulingCalls(t: TestApp) {
  const call = (path: string, token: string | undefined, body?: unknown, method: 'POST' | 'GET' | 'DELETE' = 'POST') =>
    t.call(method, `/api/scheduling${path}`, { token, body });
  return {
    call,
    ok: async (path: string, token: string, body?: unknown) => (await expectCall(t, 'POST', `/api/scheduling${path}`, { token, body })).data,
  };
}

/** A school's default lesson types (made on first use), by kind. */
export async function lessonTypesOf(t: TestApp, adminId: string): Promise<{ private: string; group: string }> {
  return t.db.transaction({ kind: 'school', adminId }, async (tx) => {
    await loadSchoolSchedule(tx, adminId);
    const rows = await tx.select().from(lessonTypes).where(eq(lessonTypes.adminId, adminId));
    return { private: rows.find((r) => r.kind === 'private')!.id, group: rows.find((r) => r.kind === 'class_group')!.id };
  });
}

export async function setSchoolZone(t: TestApp, adminId: string, timeZone: string) {
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone }).where(eq(schools.adminId, adminId)));
}

export type Tokens = Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent', string>;

export async function tokensOf(t: TestApp, s: TestSchool): Promise<Tokens> {
  const ids = { admin: s.admin.id, subadmin: s.subadmin.id, teacher: s.teacher.id, student: s.student.id, parent: s.parent.id };
  const tokens = {} as Tokens;
  for (const [role, id] of Object.entries(ids) as [keyof Tokens, string][]) tokens[role] = await sessionToken(t, id);
  return tokens;
}

/**
 * What most scheduling tests start from: the app, two schools, A's tokens and B's admin's, and A's
 * lesson types; A in `timeZone` when one is given.
 */
export async function schedulingWorld(timeZone?: string) {
  const t = await createTestApp();
  const a = await createSchool(t.db);
  const b = await createSchool(t.db);
  if (timeZone) await setSchoolZone(t, a.adminId, timeZone);
  const tok = await tokensOf(t, a);
  const tokB = await tokensOf(t, b);
  return { t, api: schedulingCalls(t), a, b, tok, tokB, types: await lessonTypesOf(t, a.adminId), typesB: await lessonTypesOf(t, b.adminId) };
}

/**
 * Noon of Tuesday 1 December 2026 in New York: a school now before the 2027 lessons these tests
 * book (weeklyLesson's 4 January on), so that they stay ahead of it whatever the wall's date.
 */
export const BEFORE_THE_TESTS_LESSONS = new Date('2026-12-01T17:00:00Z');

/** A weekly private lesson form for `school`'s teacher and student. */
export function weeklyLesson(s: TestSchool, lessonTypeId: string, extra: Record<string, unknown> = {}) {
  return {
    teacherId: s.teacher.id, lessonTypeId, studentIds: [s.student.id], date: '2027-01-04', startTime: '16:00', durationMinutes: 30,
    repeat: 'weekly', ends: 'count', count: 12, ...extra,
  };
}

type World = Awaited<ReturnType<typeof schedulingWorld>>;

/** A one-off 30-minute private lesson of school A's teacher, `at` on the school's wall clock; its id. */
export async function addOneOff(w: World, at: { date: string; startTime: string }, studentId = w.a.student.id): Promise<string> {
  const made = await w.api.ok('/addLesson', w.tok.admin, { teacherId: w.a.teacher.id, lessonTypeId: w.types.private, studentIds: [studentId], durationMinutes: 30, ...at });
  return made._id as string;
}

/** The wall clock of `zone` some hours from `now` (a notice window is measured from it): the school's now, when the test set its clock. */
export function wallClockFromNow(zone: string, hours: number, now = new Date()) {
  const dt = DateTime.fromJSDate(now, { zone }).plus({ hours });
  return { date: dt.toFormat('yyyy-LL-dd'), startTime: dt.toFormat('HH:mm') };
}
