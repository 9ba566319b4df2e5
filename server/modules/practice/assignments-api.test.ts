import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { notifications, users } from '../../db/schema/index.js';
import { createSchoolWithGroupStudent, createUser, type TestSchoolWithGroup } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { PRACTICE_MESSAGES as M } from '../../../shared/contracts/practice.js';

/**
 * Practice assignments (issue 13): staff and teachers assign songs to students or a class/group,
 * a teacher only to their own; students tick items and see them counted; everyone else reads
 * only the practice of the students they relate to.
 */
let t: TestApp;
let a: TestSchoolWithGroup;
let b: TestSchoolWithGroup;
let tok: Record<'admin' | 'subadmin' | 'teacher' | 'otherTeacher' | 'student' | 'other' | 'group' | 'parent' | 'superadmin' | 'adminB' | 'studentB', string>;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const form = (over: Record<string, unknown> = {}) => ({
  studentIds: [a.student.id], items: [{ title: 'Für Elise', artist: 'Beethoven' }, { title: 'C major scale' }],
  instructions: 'Slowly first.', due_date: inDays(7), minutesPerDay: 20, ...over,
});
const call = (method: 'POST' | 'GET' | 'DELETE', url: string, token: string | undefined, body?: unknown) => t.call(method, url, { token, body });
const add = async (over: Record<string, unknown> = {}, token = tok.teacher) =>
  (await expectCall(t, 'POST', '/api/practice/addPractice', { token, body: form(over) })).data as { _id: string; items: { _id: string }[]; students: { _id: string }[] };
const rowCount = async (table: string) =>
  Number((await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql.raw(`select count(*)::int as n from ${table}`)))).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchoolWithGroupStudent(t.db);
  b = await createSchoolWithGroupStudent(t.db);
  const otherTeacher = await createUser(t.db, 'teacher', a.adminId);
  const superadmin = await createUser(t.db, 'superadmin', null);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    otherTeacher: await sessionToken(t, otherTeacher.id), student: await sessionToken(t, a.student.id), other: await sessionToken(t, a.otherStudent.id),
    group: await sessionToken(t, a.groupStudent.id), parent: await sessionToken(t, a.parent.id), superadmin: await sessionToken(t, superadmin.id),
    adminB: await sessionToken(t, b.admin.id), studentB: await sessionToken(t, b.student.id),
  };
});
afterAll(() => t.close());

describe('assigning practice', () => {
  it('lets a teacher assign songs to their student, with the documented fields', async () => {
    const res = await call('POST', '/api/practice/addPractice', tok.teacher, form());
    expect(res.body).toMatchObject({
      status: 200, message: M.added,
      data: {
        due_date: inDays(7), minutesPerDay: 20, instructions: 'Slowly first.', countSong: 2, completed: false, canEdit: true,
        students: [{ _id: a.student.id, completedItems: 0, completed: false }],
        items: [{ title: 'Für Elise', artist: 'Beethoven', position: 0, completed: false }, { title: 'C major scale', artist: '', position: 1 }],
        assignedBy: { _id: a.teacher.id },
      },
    });
  });

  it('tells each student under the bell, but not one whose notifications are off', async () => {
    const notesOf = (userId: string) => t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'practice-assigned'))));
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: false }).where(eq(users.id, a.otherStudent.id)));
    const before = (await notesOf(a.student.id)).length;
    const made = await add({ studentIds: [a.student.id, a.otherStudent.id] }, tok.admin);
    const notes = await notesOf(a.student.id);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toMatchObject({ title: 'New practice assigned', link: `/learning/view-practice/${made._id}` });
    expect(notes.at(-1)!.body).toBe(`Für Elise, C major scale: 20 minutes a day until ${inDays(7)}.`);
    expect(await notesOf(a.otherStudent.id)).toEqual([]);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: true }).where(eq(users.id, a.otherStudent.id)));
  });

  it('assigns to a class/group: its members become the students', async () => {
    const made = await add({ studentIds: [], classGroupId: a.classGroupId });
    expect(made.students.map((s) => s._id)).toEqual([a.groupStudent.id]);
    const admin = await add({ studentIds: [a.otherStudent.id], classGroupId: a.classGroupId }, tok.admin);
    expect(admin.students.map((s) => s._id).sort()).toEqual([a.groupStudent.id, a.otherStudent.id].sort());
  });

  it('refuses bad input with the form’s messages and changes nothing', async () => {
    const before = await rowCount('practice_assignments');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ studentIds: [] }, 'studentIds', M.studentsRequired],
      [{ items: [] }, 'items', M.itemsRequired],
      [{ items: [{ title: '' }] }, 'items.0.title', M.titleRequired],
      [{ items: [{ title: 'x'.repeat(101) }] }, 'items.0.title', M.titleMax],
      [{ due_date: '' }, 'due_date', M.dueDateRequired],
      [{ due_date: '2999-01-01' }, 'due_date', M.dueDateRange],
      [{ due_date: '2027-02-30' }, 'due_date', M.dueDateInvalid],
      [{ minutesPerDay: 0 }, 'minutesPerDay', M.minutes],
      [{ minutesPerDay: '' }, 'minutesPerDay', M.minutes],
      [{ instructions: 'x'.repeat(2001) }, 'instructions', M.instructionsMax],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/practice/addPractice', tok.teacher, form(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body.errors)).toBe(message);
    }
    expect(await rowCount('practice_assignments')).toBe(before);
  });

  it('lets a teacher assign only to their own students and groups (the same answer as an unknown id)', async () => {
    const before = await rowCount('practice_assignments');
    for (const studentIds of [[a.otherStudent.id], [b.student.id], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await call('POST', '/api/practice/addPractice', tok.teacher, form({ studentIds }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ studentIds: M.studentsOwn });
    }
    const group = await call('POST', '/api/practice/addPractice', tok.otherTeacher, form({ studentIds: [], classGroupId: a.classGroupId }));
    expect(group.body.errors).toEqual({ classGroupId: M.classGroupOwn });
    const foreign = await call('POST', '/api/practice/addPractice', tok.admin, form({ studentIds: [b.student.id] }));
    expect(foreign.body.errors).toEqual({ studentIds: M.studentsOwn });
    expect(await rowCount('practice_assignments')).toBe(before);
  });

  it('answers 401 without a session and 403 to families and the superadmin', async () => {
    expect((await call('POST', '/api/practice/addPractice', undefined, form())).status).toBe(401);
    for (const token of [tok.student, tok.parent, tok.superadmin]) {
      expect((await call('POST', '/api/practice/addPractice', token, form())).status).toBe(403);
    }
    expect((await call('POST', '/api/practice/getPractice', tok.superadmin, {})).status).toBe(403);
  });

  it('lets a sub-admin assign to any student of the school', async () => {
    const made = await add({ studentIds: [a.otherStudent.id] }, tok.subadmin);
    expect(made.students).toHaveLength(1);
  });
});

describe('changing and deleting', () => {
  it('keeps the ticks of items kept by id, and drops those of items and students taken off', async () => {
    const made = await add({ studentIds: [a.student.id, a.groupStudent.id] });
    await call('POST', '/api/practice/completePracticeItem', tok.student, { itemId: made.items[0]!._id });
    await call('POST', '/api/practice/completePracticeItem', tok.group, { itemId: made.items[1]!._id });
    const res = await call('POST', '/api/practice/updatePractice', tok.teacher, form({
      practiceId: made._id, studentIds: [a.student.id], items: [{ _id: made.items[0]!._id, title: 'Für Elise (whole piece)' }, { title: 'Arpeggios' }], due_date: inDays(3),
    }));
    expect(res.body).toMatchObject({ status: 200, message: M.updated, data: { due_date: inDays(3), countSong: 2 } });
    expect(res.body.data.items.map((i: { title: string; completedBy: string[] }) => [i.title, i.completedBy])).toEqual([
      ['Für Elise (whole piece)', [a.student.id]], ['Arpeggios', []],
    ]);
    expect(res.body.data.students.map((s: { _id: string }) => s._id)).toEqual([a.student.id]);
    const foreignItem = await call('POST', '/api/practice/updatePractice', tok.teacher, form({ practiceId: made._id, items: [{ _id: '00000000-0000-4000-8000-000000000000', title: 'x' }] }));
    expect(foreignItem.status).toBe(400);
  });

  it('lets a teacher change only what they assigned; staff anything; another school 404', async () => {
    const byAdmin = await add({}, tok.admin);
    const byTeacher = await add();
    const teacherEdit = await call('POST', '/api/practice/updatePractice', tok.teacher, form({ practiceId: byAdmin._id }));
    expect(teacherEdit.status).toBe(403);
    expect((await call('POST', '/api/practice/updatePractice', tok.otherTeacher, form({ practiceId: byTeacher._id }))).status).toBe(404);
    expect((await call('POST', '/api/practice/updatePractice', tok.subadmin, form({ practiceId: byTeacher._id }))).status).toBe(200);
    expect((await call('POST', '/api/practice/updatePractice', tok.adminB, form({ practiceId: byTeacher._id, studentIds: [b.student.id] }))).status).toBe(404);
    expect((await call('DELETE', '/api/practice/removePractice', tok.adminB, { practiceId: byTeacher._id })).status).toBe(404);
    expect((await call('GET', `/api/practice/viewPractice/${byTeacher._id}`, tok.adminB)).status).toBe(404);
    expect((await call('DELETE', '/api/practice/removePractice', tok.student, { practiceId: byTeacher._id })).status).toBe(403);
    const del = await call('DELETE', '/api/practice/removePractice', tok.teacher, { practiceId: byTeacher._id });
    expect(del.body).toMatchObject({ status: 200, message: M.deleted });
    expect((await call('GET', `/api/practice/viewPractice/${byTeacher._id}`, tok.teacher)).status).toBe(404);
  });
});

describe('a student’s practice', () => {
  it('lists their assignments by due date, six a page, and counts what they finished', async () => {
    const fresh = await createUser(t.db, 'student', a.adminId);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`insert into student_teachers (admin_id, student_id, teacher_id) values (${a.adminId}, ${fresh.id}, ${a.teacher.id})`));
    const token = await sessionToken(t, fresh.id);
    const dues = [9, 2, 5, 1, 8, 3, 4];
    const made = [];
    for (const d of dues) made.push(await add({ studentIds: [fresh.id], due_date: inDays(d), items: [{ title: `Piece ${d}` }, { title: 'Scale' }] }));
    const page1 = (await call('POST', '/api/practice/getPractice', token, {})).body.data;
    expect(page1.results.map((r: { due_date: string }) => r.due_date)).toEqual([1, 2, 3, 4, 5, 8].map(inDays));
    expect(page1.totalCount).toBe(7);
    const page2 = (await call('POST', '/api/practice/getPractice', token, { page: 2 })).body.data;
    expect(page2.results.map((r: { due_date: string }) => r.due_date)).toEqual([inDays(9)]);

    const first = made[3]!; // due tomorrow
    for (const item of first.items) {
      const res = await call('POST', '/api/practice/completePracticeItem', token, { itemId: item._id });
      expect(res.body.message).toBe(M.completed);
    }
    await call('POST', '/api/practice/completePracticeItem', token, { itemId: made[0]!.items[0]!._id });
    const counts = await call('POST', '/api/practice/completeInCompletePracticeCount', token, { studentId: fresh.id });
    expect(counts.body.data).toEqual({ completePracticeCount: 1, inCompletePracticeCount: 6, countSong: 14, completedSongs: 3 });
    const complete = (await call('POST', '/api/practice/getPractice', token, { status: 'complete' })).body.data;
    expect(complete.results.map((r: { _id: string; completed: boolean }) => [r._id, r.completed])).toEqual([[first._id, true]]);
    const undo = await call('POST', '/api/practice/completePracticeItem', token, { itemId: first.items[0]!._id, complete: false });
    expect(undo.body).toMatchObject({ message: M.uncompleted, data: { completed: false } });
    // The teacher sees the ticks; another teacher of the school sees none of it.
    const teacherView = (await call('POST', '/api/practice/getPractice', tok.teacher, { studentId: fresh.id, limit: 20 })).body.data;
    expect(teacherView.totalCount).toBe(7);
    expect((await call('POST', '/api/practice/getPractice', tok.otherTeacher, { studentId: fresh.id })).status).toBe(404);
  });

  it('lets only the student tick their own items', async () => {
    const made = await add();
    const item = made.items[0]!._id;
    expect((await call('POST', '/api/practice/completePracticeItem', tok.other, { itemId: item })).status).toBe(404);
    expect((await call('POST', '/api/practice/completePracticeItem', tok.studentB, { itemId: item })).status).toBe(404);
    for (const token of [tok.teacher, tok.parent, tok.admin]) expect((await call('POST', '/api/practice/completePracticeItem', token, { itemId: item })).status).toBe(403);
    expect((await call('POST', '/api/practice/completePracticeItem', tok.student, { itemId: 'not-an-id' })).status).toBe(400);
  });

  it('answers 404 to a student reading another student’s practice, and to strangers', async () => {
    for (const url of ['/api/practice/completeInCompletePracticeCount', '/api/practice/studentPracticeReport']) {
      expect((await call('POST', url, tok.other, { studentId: a.student.id })).status, url).toBe(404);
      expect((await call('POST', url, tok.adminB, { studentId: a.student.id })).status, url).toBe(404);
      expect((await call('POST', url, tok.otherTeacher, { studentId: a.student.id })).status, url).toBe(404);
      expect((await call('POST', url, tok.parent, { studentId: a.otherStudent.id })).status, url).toBe(404);
      for (const token of [tok.student, tok.parent, tok.teacher, tok.admin, tok.subadmin]) {
        expect((await call('POST', url, token, { studentId: a.student.id })).status, url).toBe(200);
      }
      expect((await call('POST', url, undefined, { studentId: a.student.id })).status).toBe(401);
      expect((await call('POST', url, tok.student, { studentId: 'x' })).status).toBe(400);
    }
    expect((await call('POST', '/api/practice/getPractice', tok.other, { studentId: a.student.id })).status).toBe(404);
    const others = (await call('POST', '/api/practice/getPractice', tok.other, {})).body.data;
    expect(others.results.every((r: { students: { _id: string }[] }) => r.students.every((s) => s._id === a.otherStudent.id))).toBe(true);
  });

  it('shows a parent their children’s assignments only', async () => {
    const mixed = await add({ studentIds: [a.student.id, a.otherStudent.id] }, tok.admin);
    const view = (await call('GET', `/api/practice/viewPractice/${mixed._id}`, tok.parent)).body.data;
    expect(view.students.map((s: { _id: string }) => s._id)).toEqual([a.student.id]);
    expect(view.canEdit).toBe(false);
  });
});

describe('getPracticeStudents', () => {
  it('answers the students and groups each caller may assign to or read', async () => {
    const ids = async (token: string) => ((await call('POST', '/api/practice/getPracticeStudents', token, { limit: 100 })).body.data.results as { _id: string }[]).map((s) => s._id).sort();
    expect(await ids(tok.teacher)).toEqual(expect.arrayContaining([a.student.id, a.groupStudent.id]));
    expect(await ids(tok.teacher)).not.toContain(a.otherStudent.id);
    expect(await ids(tok.parent)).toEqual([a.student.id]);
    expect(await ids(tok.student)).toEqual([a.student.id]);
    expect(await ids(tok.admin)).toEqual(expect.arrayContaining([a.student.id, a.otherStudent.id, a.groupStudent.id]));
    expect(await ids(tok.admin)).not.toContain(b.student.id);
    const groups = (await call('POST', '/api/practice/getPracticeStudents', tok.teacher, {})).body.data.classGroups;
    expect(groups).toEqual([{ _id: a.classGroupId, name: 'Test Ensemble', studentCount: 1 }]);
    expect((await call('POST', '/api/practice/getPracticeStudents', tok.otherTeacher, {})).body.data).toMatchObject({ results: [], classGroups: [] });
    expect((await call('POST', '/api/practice/getPracticeStudents', tok.superadmin, {})).status).toBe(403);
  });
});
