import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories.js';
import { rawCall, sessionToken } from '../../../test/test-app.js';
import { parseCsv } from '../../../lib/csv.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
let aaron: TestUser;
let otto: TestUser;
let ottoToken: string;
const ids: Record<string, string> = {};

const report = (token: string | undefined, body: Record<string, unknown>) => w.t.call('POST', '/api/reporting/getAttendance', { token, body });
const exportCsv = (token: string | undefined, body: Record<string, unknown>) =>
  rawCall(w.t, 'POST', '/api/reporting/exportAttendance', { token, body });
const winter = { from: '2026-01-01', to: '2026-02-28' };

/**
 * School A (New York): the student has lessons on 5 and 12 January, 31 January at 11:30 pm
 * (already 1 February in UTC) and 2 February; Aaron, Otto's student, one on 20 January. One more
 * lesson has no attendance taken.
 */
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  aaron = await createUser(w.t.db, 'student', w.a.adminId, { firstName: '=Aaron', lastName: 'Ames' });
  otto = await createUser(w.t.db, 'teacher', w.a.adminId, { firstName: 'Otto', lastName: 'Other' });
  ottoToken = await sessionToken(w.t, otto.id);
  const lesson = async (key: string, date: string, startTime: string, status: string | null, extra: Record<string, unknown> = {}) => {
    const made = await w.api.ok('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private), repeat: 'none', date, startTime, ...extra });
    ids[key] = made._id;
    const studentId = (extra.studentIds as string[] | undefined)?.[0] ?? w.a.student.id;
    if (status) await w.api.ok('/takeAttendance', w.tok.admin, { lessonId: made._id, attendance: [{ studentId, status }] });
  };
  await lesson('jan5', '2026-01-05', '16:00', 'present');
  await lesson('jan12', '2026-01-12', '16:00', 'absent');
  await lesson('jan31', '2026-01-31', '23:30', 'present');
  await lesson('feb2', '2026-02-02', '16:00', 'late');
  await lesson('jan20', '2026-01-20', '16:00', 'excused', { teacherId: otto.id, studentIds: [aaron.id] });
  await lesson('unmarked', '2026-01-26', '16:00', null);
});
afterAll(() => w.t.close());

const lessonIdsOf = (results: { lessonId: string }[]) => results.map((r) => Object.keys(ids).find((k) => ids[k] === r.lessonId));

describe('POST /api/reporting/getAttendance', () => {
  it('gives staff the school: rows, totals and a count a school-local month', async () => {
    const res = await report(w.tok.subadmin, winter);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(lessonIdsOf(data.results)).toEqual(['feb2', 'jan31', 'jan20', 'jan12', 'jan5']);
    expect(data.totalCount).toBe(5);
    expect(data.totals).toEqual({ present: 2, absent: 1, late: 1, excused: 1, cancelled: 0 });
    expect(data.timeZone).toBe('America/New_York');
    // 11:30 pm on 31 January counts for January, where the school is.
    expect(data.byMonth).toEqual([
      { month: '2026-01', present: 2, absent: 1, late: 0, excused: 1, cancelled: 0 },
      { month: '2026-02', present: 0, absent: 0, late: 1, excused: 0, cancelled: 0 },
    ]);
    expect(data.results[1]).toMatchObject({
      date: '2026-01-31T23:30:00-05:00', status: 'present', lessonType: 'Private Lesson',
      student: { _id: w.a.student.id, first_name: 'Student', last_name: 'Tester' },
      teacher: { _id: w.a.teacher.id, first_name: 'Teacher', last_name: 'Tester' },
    });
  });

  it('cuts the range at the school’s midnight, not UTC’s', async () => {
    const feb = (await report(w.tok.admin, { from: '2026-02-01', to: '2026-02-28' })).body.data;
    expect(lessonIdsOf(feb.results)).toEqual(['feb2']);
    const jan = (await report(w.tok.admin, { from: '2026-01-31', to: '2026-01-31' })).body.data;
    expect(lessonIdsOf(jan.results)).toEqual(['jan31']);
  });

  it('pages, keeping the totals of the whole filter, and sorts by student and status', async () => {
    const page2 = (await report(w.tok.admin, { ...winter, page: 2, limit: 2 })).body.data;
    expect(lessonIdsOf(page2.results)).toEqual(['jan20', 'jan12']);
    expect(page2.totalCount).toBe(5);
    expect(page2.totals.present).toBe(2);
    const byStudent = (await report(w.tok.admin, { ...winter, sortBy: 'student', orderBy: 1 })).body.data;
    expect(byStudent.results[0].student._id).toBe(aaron.id);
    const byStatus = (await report(w.tok.admin, { ...winter, sortBy: 'status', orderBy: 1 })).body.data;
    expect(byStatus.results.map((r: { status: string }) => r.status)).toEqual(['absent', 'excused', 'late', 'present', 'present']);
  });

  it('filters by teacher, student and status', async () => {
    expect(lessonIdsOf((await report(w.tok.admin, { ...winter, teacherId: otto.id })).body.data.results)).toEqual(['jan20']);
    expect(lessonIdsOf((await report(w.tok.admin, { ...winter, studentId: aaron.id })).body.data.results)).toEqual(['jan20']);
    const present = (await report(w.tok.admin, { ...winter, status: 'present' })).body.data;
    expect(lessonIdsOf(present.results)).toEqual(['jan31', 'jan5']);
    expect(present.totals).toEqual({ present: 2, absent: 0, late: 0, excused: 0, cancelled: 0 });
  });

  it('gives a teacher their lessons, a student themself, a parent their children', async () => {
    expect((await report(w.tok.teacher, winter)).body.data.totalCount).toBe(4);
    expect(lessonIdsOf((await report(ottoToken, winter)).body.data.results)).toEqual(['jan20']);
    expect((await report(w.tok.student, winter)).body.data.totalCount).toBe(4);
    expect((await report(w.tok.parent, { ...winter, studentId: w.a.student.id })).body.data.totalCount).toBe(4);
    expect((await report(await sessionToken(w.t, aaron.id), winter)).body.data.totalCount).toBe(1);
  });

  it('answers 404 for a student outside the caller’s scope or school', async () => {
    expect((await report(w.tok.parent, { ...winter, studentId: aaron.id })).status).toBe(404);
    expect((await report(w.tok.student, { ...winter, studentId: aaron.id })).status).toBe(404);
    expect((await report(w.tokB.admin, { ...winter, studentId: w.a.student.id })).status).toBe(404);
    expect((await report(w.tokB.admin, { ...winter, teacherId: w.a.teacher.id })).status).toBe(404);
    expect((await report(w.tokB.admin, winter)).body.data.totalCount).toBe(0);
  });

  it('refuses a superadmin of their own (403) and serves them in login-as', async () => {
    const superadmin = await createUser(w.t.db, 'superadmin', null);
    expect((await report(await sessionToken(w.t, superadmin.id), winter)).status).toBe(403);
    const asAdmin = await sessionToken(w.t, w.a.admin.id, { actorUserId: superadmin.id });
    expect((await report(asAdmin, winter)).body.data.totalCount).toBe(5);
  });

  it('answers 401 without a session and 400 with messages', async () => {
    expect((await report(undefined, winter)).status).toBe(401);
    const backwards = await report(w.tok.admin, { from: '2026-03-01', to: '2026-02-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.to).toBe('The end date must be on or after the start date');
    const missing = await report(w.tok.admin, { to: '2026-02-01' });
    expect(missing.body.errors?.from).toBe('Date is Required');
    expect((await report(w.tok.admin, { ...winter, status: 'asleep' })).status).toBe(400);
  });
});

describe('POST /api/reporting/exportAttendance', () => {
  it('downloads every row of the filters as CSV on the school’s wall clock, formulas defused', async () => {
    const res = await exportCsv(w.tok.admin, winter);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendance-2026-01-01-2026-02-28.csv"');
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['Date', 'Time', 'Student', 'Teacher', 'Lesson Type', 'Status', 'Notes']);
    expect(rows.slice(1).map((r) => `${r[0]} ${r[1]}`)).toEqual(['2026-01-05 16:00', '2026-01-12 16:00', '2026-01-20 16:00', '2026-01-31 23:30', '2026-02-02 16:00']);
    expect(rows[3]).toEqual(['2026-01-20', '16:00', "'=Aaron Ames", 'Otto Other', 'Private Lesson', 'Excused', '']);
  });

  it('keeps to the caller’s scope and answers 401, 404 and 400', async () => {
    const mine = parseCsv((await exportCsv(ottoToken, winter)).text);
    expect(mine).toHaveLength(2);
    expect((await exportCsv(undefined, winter)).status).toBe(401);
    expect((await exportCsv(w.tok.parent, { ...winter, studentId: aaron.id })).status).toBe(404);
    expect((await exportCsv(w.tok.admin, { from: '2026-03-01', to: '2026-02-01' })).status).toBe(400);
  });
});
