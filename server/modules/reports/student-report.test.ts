import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createSchoolWithGroupStudent, createUser, type TestSchool, type TestSchoolWithGroup, type TestUser } from '../../test/factories.js';
import { createInvoice } from '../../test/invoice-factory.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { parseCsv } from '../../lib/csv.js';
import { reportFixtures } from '../../test/lesson-fixtures.js';
import { quizAttempts } from '../../db/schema/index.js';

let t: TestApp;
let a: TestSchoolWithGroup;
let b: TestSchool;
let inactive: TestUser;
let superadmin: TestUser;
const tok: Record<string, string> = {};
let piano: { id: string; name: string };
let guitar: { id: string; name: string };

// The school's days: the last 20 days and tomorrow on New York's clock (the invoice factory issues on UTC's today).
const today = DateTime.now().setZone('America/New_York').startOf('day');
const day = (n: number) => today.minus({ days: 20 - n }).toISODate()!;
const period = { from: day(0), to: day(21) };

const report = (token: string | undefined, body: Record<string, unknown>) => t.call('POST', '/api/reporting/getStudentReport', { token, body });
const exportCsv = (token: string | undefined, body: Record<string, unknown>) =>
  rawCall(t, 'POST', '/api/reporting/exportStudentReport', { token, body });
const idsOf = (data: { results: { _id: string }[] }) => data.results.map((r) => r._id);

/**
 * School A: the student has, in the period, lessons marked present, absent and late, one
 * unmarked, one cancelled by the school and banked; one present lesson at 11:30 pm the evening
 * before the period (already inside it in UTC). The group student has two group lessons, one
 * marked present. Practice, assignments, invoices and instruments as each test says.
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await createSchoolWithGroupStudent(t.db);
  b = await createSchool(t.db);
  inactive = await createUser(t.db, 'student', a.adminId, { firstName: 'Ina', lastName: 'Zactive', status: false });
  superadmin = await createUser(t.db, 'superadmin', null);
  for (const [role, id] of Object.entries({ admin: a.admin.id, subadmin: a.subadmin.id, teacher: a.teacher.id, student: a.student.id, parent: a.parent.id, adminB: b.admin.id, superadmin: superadmin.id })) {
    tok[role] = await sessionToken(t, id);
  }
  const f = reportFixtures(t.db, a.adminId);
  const s = a.student.id;
  const teacherId = a.teacher.id;
  await f.lesson({ teacherId, date: day(1), studentId: s, attendance: 'present' });
  await f.lesson({ teacherId, date: day(2), studentId: s, attendance: 'absent' });
  await f.lesson({ teacherId, date: day(3), studentId: s, attendance: 'late' });
  const banked = await f.lesson({ teacherId, date: day(4), studentId: s, cancelled: true });
  await f.credit(s, banked);
  await f.lesson({ teacherId, date: day(5), studentId: s });
  await f.lesson({ teacherId, date: today.minus({ days: 21 }).toISODate()!, time: '23:30', studentId: s, attendance: 'present' });
  await f.lesson({ teacherId, date: day(6), classGroupId: a.classGroupId, studentId: a.groupStudent.id, attendance: 'present' });
  await f.lesson({ teacherId, date: day(7), classGroupId: a.classGroupId });
  await f.practice(s, day(1), 600);
  await f.practice(s, day(3), 1200);
  await f.practice(s, today.minus({ days: 21 }).toISODate()!, 3000);
  await f.assignment(s, day(2), 2, 2);
  await f.assignment(s, day(3), 2, 1);
  await f.assignment(s, today.plus({ days: 3 }).toISODate()!, 1, 1);
  await createInvoice(t.db, a, { totalCents: 12_000, paidCents: 2_000 });
  await createInvoice(t.db, a, { totalCents: 5_000, paidCents: 5_000, status: 'paid' });
  await createInvoice(t.db, a, { totalCents: 9_900, status: 'draft' });
  await createInvoice(t.db, a, { totalCents: 7_700, status: 'void' });
  piano = await f.instrument(s, 'Piano', 'beginner');
  guitar = await f.instrument(s, 'Guitar', 'advanced');
  await takeQuizzes();
  // School B's student has a lesson and an invoice too: none of it may show in A.
  const fb = reportFixtures(t.db, b.adminId);
  await fb.lesson({ teacherId: b.teacher.id, date: day(1), studentId: b.student.id, attendance: 'present' });
});
afterAll(() => t.close());

/**
 * The student takes the provider's quiz twice through the API (50%, then 100%), and an attempt
 * from before the period (40%) is written as it would have been then: the report counts two,
 * best 100%, last 100%.
 */
async function takeQuizzes() {
  const sa = tok.superadmin!;
  const category = (await t.call('POST', '/api/quiz/category/add', { token: sa, body: { name: 'Report' } })).body.data._id;
  const quiz = (await t.call('POST', '/api/quiz/addQuiz', { token: sa, body: { title: 'Report quiz', categoryId: category } })).body.data._id;
  const question = { kind: 'trueFalse', prompt: 'P', answers: ['True', 'False'], correct: [0] };
  await t.call('POST', '/api/quiz/question/add', { token: sa, body: { ...question, quizId: quiz } });
  const ids = (await t.call('POST', '/api/quiz/question/add', { token: sa, body: { ...question, quizId: quiz } })).body.data.questions.map((q: { _id: string }) => q._id);
  await t.call('POST', '/api/quiz/publishQuiz', { token: sa, body: { quizId: quiz, published: true } });
  for (const chosen of [[[0], [1]], [[0], [0]]]) {
    const attempt = (await t.call('POST', '/api/quiz/startAttempt', { token: tok.student, body: { quizId: quiz } })).body.data.attemptId;
    const res = await t.call('POST', '/api/quiz/submitAttempt', { token: tok.student, body: { attemptId: attempt, answers: ids.map((questionId: string, i: number) => ({ questionId, chosen: chosen[i] })) } });
    expect(res.status).toBe(200);
  }
  const before = today.minus({ days: 30 }).toJSDate();
  await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(quizAttempts).values({
    adminId: a.adminId, quizId: quiz, studentId: a.student.id, startedAt: before, submittedAt: before, score: 0, total: 2, percent: 40, results: [],
  }));
}

describe('POST /api/reporting/getStudentReport', () => {
  it('gives staff every student of the school with the period’s numbers', async () => {
    const res = await report(tok.admin, period);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.totalCount).toBe(4);
    expect(data).toMatchObject({ page: 1, limit: 10, currency: 'USD', timeZone: 'America/New_York' });
    const row = data.results.find((r: { _id: string }) => r._id === a.student.id);
    expect(row).toEqual({
      _id: a.student.id, first_name: 'Student', last_name: 'Tester', status: 'active',
      scheduled: 4, attended: 2, missed: 1, banked: 1, attendanceRate: 67,
      practiceMinutes: 30, assignmentsDone: 1,
      invoices: 2, invoicedCents: 17_000, balanceCents: 10_000,
      instruments: [{ name: guitar.name, level: 'advanced' }, { name: piano.name, level: 'beginner' }].sort((x, y) => x.name.localeCompare(y.name)),
      quizAttempts: 2, quizBestPercent: 100, quizLastPercent: 100,
    });
    const group = data.results.find((r: { _id: string }) => r._id === a.groupStudent.id);
    expect(group).toMatchObject({ scheduled: 2, attended: 1, missed: 0, banked: 0, attendanceRate: 100 });
    const other = data.results.find((r: { _id: string }) => r._id === a.otherStudent.id);
    expect(other).toMatchObject({ scheduled: 0, attended: 0, attendanceRate: null, practiceMinutes: 0, invoices: 0, balanceCents: 0, instruments: [], quizAttempts: 0, quizBestPercent: null });
    expect((await report(tok.subadmin, period)).body.data.totalCount).toBe(4);
  });

  it('cuts the period at the school’s midnight: the evening before it does not count', async () => {
    const res = await report(tok.admin, { from: today.minus({ days: 21 }).toISODate(), to: today.minus({ days: 21 }).toISODate() });
    const row = res.body.data.results.find((r: { _id: string }) => r._id === a.student.id);
    expect(row).toMatchObject({ scheduled: 1, attended: 1, practiceMinutes: 50, quizAttempts: 0 });
  });

  it('filters by teacher, instrument and status, and pages by 10 with the total of the filter', async () => {
    expect(idsOf((await report(tok.admin, { ...period, teacherId: a.teacher.id })).body.data).sort()).toEqual([a.student.id, a.groupStudent.id].sort());
    expect(idsOf((await report(tok.admin, { ...period, genreId: piano.id })).body.data)).toEqual([a.student.id]);
    expect(idsOf((await report(tok.admin, { ...period, status: 'inactive' })).body.data)).toEqual([inactive.id]);
    const all = idsOf((await report(tok.admin, period)).body.data);
    const page2 = (await report(tok.admin, { ...period, page: 2, limit: 3 })).body.data;
    expect(idsOf(page2)).toEqual(all.slice(3));
    expect(page2.totalCount).toBe(4);
    const past = (await report(tok.admin, { ...period, page: 9, limit: 3 })).body.data;
    expect(past).toMatchObject({ results: [], totalCount: 4 });
  });

  it('shows a teacher their students, a student themself and a parent their children', async () => {
    expect(idsOf((await report(tok.teacher, period)).body.data).sort()).toEqual([a.student.id, a.groupStudent.id].sort());
    expect(idsOf((await report(tok.student, period)).body.data)).toEqual([a.student.id]);
    expect(idsOf((await report(tok.parent, period)).body.data)).toEqual([a.student.id]);
  });

  it('shows another school nothing of this one: its admin sees its own, a teacher filter of A finds nothing', async () => {
    const bData = (await report(tok.adminB, period)).body.data;
    expect(idsOf(bData)).not.toContain(a.student.id);
    expect(bData.results.find((r: { _id: string }) => r._id === b.student.id)).toMatchObject({ scheduled: 1, attended: 1 });
    expect((await report(tok.adminB, { ...period, teacherId: a.teacher.id })).body.data).toMatchObject({ results: [], totalCount: 0 });
  });

  it('refuses bad input (400, by field), no sign-in (401) and the superadmin (403)', async () => {
    const bad = await report(tok.admin, { ...period, status: 'asleep', teacherId: 'x', genreId: 'y', limit: 1000 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['genreId', 'limit', 'status', 'teacherId']);
    const backwards = await report(tok.admin, { from: period.to, to: period.from });
    expect(backwards.body.errors).toEqual({ to: 'The end date must be on or after the start date' });
    expect((await report(tok.admin, { from: '2026-13-45', to: period.to })).status).toBe(400);
    expect((await report(undefined, period)).status).toBe(401);
    expect((await report(tok.superadmin, period)).status).toBe(403);
  });
});

describe('POST /api/reporting/exportStudentReport', () => {
  it('answers the same rows as CSV, money in the school’s currency', async () => {
    const res = await exportCsv(tok.teacher, period);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="student-report-${period.from}-${period.to}.csv"`);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['Student', 'Status', 'Scheduled', 'Attended', 'Missed', 'Banked', 'Attendance Rate', 'Practice Minutes',
      'Assignments Done', 'Invoices', 'Invoiced', 'Balance', 'Instruments', 'Quiz Attempts', 'Best Quiz Score', 'Last Quiz Score']);
    expect(rows).toHaveLength(3);
    const names = [guitar, piano].sort((x, y) => x.name.localeCompare(y.name));
    expect(rows.find((r) => r[0] === 'Student Tester')).toEqual([
      'Student Tester', 'Active', '4', '2', '1', '1', '67%', '30', '1', '2', '$170.00', '$100.00',
      names.map((n) => `${n.name} (${n === piano ? 'beginner' : 'advanced'})`).join('; '), '2', '100%', '100%',
    ]);
  });

  it('refuses bad input, no sign-in and the superadmin', async () => {
    expect((await exportCsv(tok.admin, { from: period.to, to: period.from })).status).toBe(400);
    expect((await exportCsv(undefined, period)).status).toBe(401);
    expect((await exportCsv(tok.superadmin, period)).status).toBe(403);
  });
});
