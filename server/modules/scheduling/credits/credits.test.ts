import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeupCredits } from '../../../db/schema/index.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow, type SettableClock } from '../../../test/settable-clock.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
let teacher2: TestUser;
let teacher2Token: string;
let clock: SettableClock;
/** c1, c2: the student's (teacher A's lessons); c3: the other student's (teacher 2's lesson). */
const c: Record<'c1' | 'c2' | 'c3', string> = { c1: '', c2: '', c3: '' };
const DAY = 86_400_000;

type Credit = { _id: string; status: string; bankedDue: boolean; usedLessonId: string | null; student: { _id: string }; lesson: { teacher: unknown } };
const ids = (r: { results: Credit[] }) => r.results.map((x) => x._id).sort();
const idsOf = (...keys: (keyof typeof c)[]) => keys.map((k) => c[k]).sort();

async function lessonsOf(token: string, form: Record<string, unknown>, studentId: string): Promise<string[]> {
  await w.api.ok('/addLesson', token, form);
  const events = await w.api.ok('/getEvents', w.tok.admin, { start: '2027-01-01T00:00:00-05:00', end: '2027-01-20T00:00:00-05:00', studentId });
  return events.results.map((e: { _id: string }) => e._id) as string[];
}

async function setExpiry(id: string, at: Date) {
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(makeupCredits).set({ expiresAt: at }).where(eq(makeupCredits.id, id)));
}

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  clock = setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
  teacher2 = await createUser(w.t.db, 'teacher', w.a.adminId);
  teacher2Token = await sessionToken(w.t, teacher2.id);
  const mine = await lessonsOf(w.tok.admin, weeklyLesson(w.a, w.types.private), w.a.student.id);
  const theirs = await lessonsOf(w.tok.admin, weeklyLesson(w.a, w.types.private, { teacherId: teacher2.id, studentIds: [w.a.otherStudent.id] }), w.a.otherStudent.id);
  for (const id of [mine[0], mine[1], theirs[0]]) await w.api.ok('/cancelLesson', w.tok.admin, { id, cancelReason: 'Snow', bank: true });
  const rows = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(makeupCredits).where(eq(makeupCredits.adminId, w.a.adminId)));
  c.c1 = rows.find((r) => r.lessonId === mine[0])!.id;
  c.c2 = rows.find((r) => r.lessonId === mine[1])!.id;
  c.c3 = rows.find((r) => r.lessonId === theirs[0])!.id;
  const schoolNow = clock.now(w.a.adminId).getTime();
  await setExpiry(c.c1, new Date(schoolNow + 2 * DAY));
  await setExpiry(c.c3, new Date(schoolNow - DAY));
});
afterAll(() => w.t.close());

describe('getCredits', () => {
  it('shows staff the school, a teacher the credits of their lessons, a family its own', async () => {
    expect(ids(await w.api.ok('/getCredits', w.tok.admin, { status: 'all' }))).toEqual(idsOf('c1', 'c2', 'c3'));
    expect(ids(await w.api.ok('/getCredits', w.tok.teacher, { status: 'all' }))).toEqual(idsOf('c1', 'c2'));
    expect(ids(await w.api.ok('/getCredits', teacher2Token, { status: 'all' }))).toEqual(idsOf('c3'));
    expect(ids(await w.api.ok('/getCredits', w.tok.student, { status: 'all' }))).toEqual(idsOf('c1', 'c2'));
    const parent = await w.api.ok('/getCredits', w.tok.parent, { status: 'all' });
    expect(ids(parent)).toEqual(idsOf('c1', 'c2'));
    // The calendar detail rule names only the class/group and students: a family sees the teacher (issue 10).
    expect(parent.results[0].lesson).toMatchObject({ lesson_type: 'Private Lesson', teacher: { _id: w.a.teacher.id, first_name: 'Teacher' } });
    expect((await w.api.call('/getCredits', w.tok.parent, { studentId: w.a.otherStudent.id })).status).toBe(404);
    expect((await w.api.ok('/getCredits', w.tokB.admin, { status: 'all' })).totalCount).toBe(0);
    expect((await w.api.call('/getCredits', undefined, {})).status).toBe(401);
    expect((await w.api.call('/getCredits', w.tok.admin, { status: 'spent' })).status).toBe(400);
  });

  it('filters available, banked-due, expired and used, with the school’s threshold', async () => {
    expect(ids(await w.api.ok('/getCredits', w.tok.admin, {}))).toEqual(idsOf('c1', 'c2'));
    const due = await w.api.ok('/getCredits', w.tok.admin, { status: 'bankedDue' });
    expect(ids(due)).toEqual(idsOf('c1', 'c3'));
    expect(due.results.every((x: Credit) => x.bankedDue)).toBe(true);
    const expired = await w.api.ok('/getCredits', w.tok.admin, { status: 'expired' });
    expect(expired.results.map((x: Credit) => [x._id, x.status])).toEqual([[c.c3, 'expired']]);
    const rules = await w.api.ok('/getSettings', w.tok.admin);
    await w.api.ok('/updateSettings', w.tok.admin, { ...rules, bankedDueHours: 24 });
    expect(ids(await w.api.ok('/getCredits', w.tok.admin, { status: 'bankedDue' }))).toEqual(idsOf('c3'));
    await w.api.ok('/updateSettings', w.tok.admin, rules);
    const search = await w.api.ok('/getCredits', w.tok.admin, { status: 'all', search: 'Student', limit: 1, sortBy: 'createdAt' });
    expect(search).toMatchObject({ limit: 1, totalCount: 3 });
    expect(search.results).toHaveLength(1);
  });
});

const booking = (creditId: string, extra: Record<string, unknown> = {}) => ({
  creditId, teacherId: w.a.teacher.id, lessonTypeId: w.types.private, date: '2027-01-06', startTime: '15:00', durationMinutes: 30, ...extra,
});

describe('bookMakeup', () => {
  it('refuses those who may not book, and credits not theirs', async () => {
    expect((await w.api.call('/bookMakeup', undefined, booking(c.c2))).status).toBe(401);
    for (const who of ['student', 'parent'] as const) expect((await w.api.call('/bookMakeup', w.tok[who], booking(c.c2))).status).toBe(403);
    const other = await w.api.call('/bookMakeup', w.tokB.admin, booking(c.c2, { teacherId: w.b.teacher.id, lessonTypeId: w.typesB.private }));
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Make-up credit not found');
    expect((await w.api.call('/bookMakeup', teacher2Token, booking(c.c2, { teacherId: teacher2.id }))).status).toBe(404);
    expect((await w.api.call('/bookMakeup', w.tok.teacher, booking(c.c2, { teacherId: teacher2.id }))).status).toBe(403);
    const group = await w.api.call('/bookMakeup', w.tok.admin, booking(c.c2, { lessonTypeId: w.types.group }));
    expect(group.body.errors).toEqual({ lessonTypeId: 'A make-up is a private lesson; please choose a private lesson type' });
    const bad = await w.api.call('/bookMakeup', w.tok.admin, { date: '2027-13-01', durationMinutes: 2 });
    expect(bad.body.errors).toMatchObject({
      creditId: 'Make-up credit is Required', teacherId: 'Teacher is Required', lessonTypeId: 'Lesson type is Required',
      date: 'Please enter a valid date', startTime: 'Start time is Required', durationMinutes: 'A lesson lasts at least 5 minutes',
    });
  });

  it('refuses an expired credit and a clashing time', async () => {
    const expired = await w.api.call('/bookMakeup', w.tok.admin, booking(c.c3, { teacherId: teacher2.id }));
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This make-up credit has expired');
    const clash = await w.api.call('/bookMakeup', w.tok.admin, booking(c.c2, { date: '2027-01-25', startTime: '16:15' }));
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Teacher Tester already has a lesson on Mon 25 Jan 2027, 4:00 PM');
  });

  it('uses a credit exactly once, even when several people book it at the same moment', async () => {
    // Six bookings at once, at six free times (on PGlite they queue; on PostgreSQL they race).
    const tokens = [w.tok.admin, w.tok.subadmin, w.tok.teacher, w.tok.admin, w.tok.subadmin, w.tok.teacher];
    const results = (await Promise.all(tokens.map((token, i) =>
      w.api.call('/bookMakeup', token, booking(c.c2, { date: `2027-01-0${5 + (i % 3)}`, startTime: i < 3 ? '11:00' : '13:00' }))))).sort((x, y) => x.status - y.status);
    expect(results.map((r) => r.status)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results[0]!.body.message).toBe('Make-up Lesson Booked Successfully');
    expect(new Set(results.slice(1).map((r) => r.body.message))).toEqual(new Set(['This make-up credit has already been used']));
    const week = await w.api.ok('/getEvents', w.tok.admin, { start: '2027-01-05T00:00:00-05:00', end: '2027-01-09T00:00:00-05:00', studentId: w.a.student.id });
    expect(week.results.map((e: { _id: string; isMakeup: boolean }) => [e._id, e.isMakeup])).toEqual([[results[0]!.body.data._id, true]]);
    const used = await w.api.ok('/getCredits', w.tok.admin, { status: 'used' });
    expect(used.results.map((x: Credit) => [x._id, x.status, x.usedLessonId])).toEqual([[c.c2, 'used', results[0]!.body.data._id]]);
    const again = await w.api.call('/bookMakeup', w.tok.admin, booking(c.c2, { date: '2027-01-08' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This make-up credit has already been used');
  });

  it('lets a teacher book a make-up of their own', async () => {
    const made = await w.api.call('/bookMakeup', w.tok.teacher, booking(c.c1, { date: '2027-01-08', startTime: '09:00' }));
    expect(made.status).toBe(200);
    const lesson = await w.api.ok('/getLesson', w.tok.student, { id: made.body.data._id });
    expect(lesson).toMatchObject({ isMakeup: true, start: '2027-01-08T09:00:00-05:00', lesson_type: { name: 'Private Lesson' } });
  });
});

describe('grantCredit', () => {
  it('grants by hand for a cancelled lesson’s student, for staff only', async () => {
    const events = await w.api.ok('/getEvents', w.tok.admin, { start: '2027-01-17T00:00:00-05:00', end: '2027-01-20T00:00:00-05:00', studentId: w.a.student.id });
    const lessonId = events.results[0]._id;
    const body = { lessonId, studentId: w.a.student.id };
    expect((await w.api.call('/grantCredit', undefined, body)).status).toBe(401);
    expect((await w.api.call('/grantCredit', w.tok.teacher, body)).status).toBe(403);
    expect((await w.api.call('/grantCredit', w.tokB.admin, body)).status).toBe(404);
    const notCancelled = await w.api.call('/grantCredit', w.tok.admin, body);
    expect(notCancelled.status).toBe(400);
    expect(notCancelled.body.message).toBe('This lesson is not cancelled');
    await w.api.ok('/cancelLesson', w.tok.admin, { id: lessonId, cancelReason: 'Teacher ill' });
    const stranger = await w.api.call('/grantCredit', w.tok.admin, { lessonId, studentId: w.a.otherStudent.id });
    expect(stranger.body.errors).toEqual({ studentId: 'This student is not on this lesson' });
    const granted = await w.api.call('/grantCredit', w.tok.subadmin, body);
    expect(granted.body).toMatchObject({ message: 'Make-up Credit Granted Successfully', data: { credited: true, student: { _id: w.a.student.id } } });
    expect((await w.api.call('/grantCredit', w.tok.admin, { lessonId: 'x', studentId: w.a.student.id })).body.errors).toEqual({ lessonId: 'Invalid id' });
  });
});
