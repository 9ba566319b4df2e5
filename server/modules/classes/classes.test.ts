import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { auditEvents, classGroups } from '../../db/schema/index.js';
import { CLASS_MESSAGES } from '../../../shared/contracts/classes.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tokens: Record<string, string> = {};
let superToken: string;
let otherTeacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  otherTeacher = await createUser(t.db, 'teacher', a.adminId);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[role] = await sessionToken(t, a[role].id);
  tokens.bAdmin = await sessionToken(t, b.admin.id);
  superToken = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
});
afterAll(() => t.close());

/** `null` sends no session. */
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, token: string | null = tokens.admin!) =>
  t.call(method, `/api/classes${path}`, { token: token ?? undefined, body });

let seq = 0;
async function addGroup(body: Record<string, unknown> = {}, token = tokens.admin!) {
  const res = await call('POST', '/add', { name: `Group ${++seq}`, teacherId: a.teacher.id, studentIds: [], ...body }, token);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { _id: string; name: string };
}

const activities = (action: string, adminId = a.adminId) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(auditEvents).where(and(eq(auditEvents.adminId, adminId), eq(auditEvents.action, action))));

describe('POST /api/classes/add', () => {
  it('adds a group with its teacher and students, records class.added', async () => {
    const res = await call('POST', '/add', { name: 'Jazz Combo', teacherId: a.teacher.id, studentIds: [a.student.id, a.otherStudent.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLASS_MESSAGES.added);
    expect(res.body.data).toMatchObject({ name: 'Jazz Combo', teacher: { _id: a.teacher.id }, studentCount: 2 });
    const logged = await activities('class.added');
    expect(logged.some((e) => e.meta?.name === 'Jazz Combo' && e.actorId === a.admin.id && typeof e.ip === 'string' && e.ip !== '')).toBe(true);
  });

  it('answers the documented messages by field and changes nothing', async () => {
    const before = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(classGroups));
    const res = await call('POST', '/add', { name: '  ', teacherId: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: 'Name is Required', teacherId: 'Teacher is Required' });
    const long = await call('POST', '/add', { name: 'x'.repeat(101), teacherId: a.teacher.id });
    expect(long.body.errors?.name).toBe('Name should allow only 100 characters.');
    const after = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(classGroups));
    expect(after.length).toBe(before.length);
  });

  it('refuses a teacher or students who are not of the school or not of the right role', async () => {
    const foreignTeacher = await call('POST', '/add', { name: 'X', teacherId: b.teacher.id });
    expect(foreignTeacher.status).toBe(400);
    expect(foreignTeacher.body.errors).toEqual({ teacherId: CLASS_MESSAGES.teacherNotInSchool });
    const notATeacher = await call('POST', '/add', { name: 'X', teacherId: a.student.id });
    expect(notATeacher.body.errors).toEqual({ teacherId: CLASS_MESSAGES.teacherNotInSchool });
    const foreignStudent = await call('POST', '/add', { name: 'X', teacherId: a.teacher.id, studentIds: [b.student.id] });
    expect(foreignStudent.body.errors).toEqual({ studentIds: CLASS_MESSAGES.studentsNotInSchool });
    const parentAsStudent = await call('POST', '/add', { name: 'X', teacherId: a.teacher.id, studentIds: [a.parent.id] });
    expect(parentAsStudent.body.errors).toEqual({ studentIds: CLASS_MESSAGES.studentsNotInSchool });
  });

  it('lets a private teacher be the teacher of their own groups, and only them', async () => {
    const pt = await createSchool(t.db, { addrole: 'Private teacher' });
    const token = await sessionToken(t, pt.admin.id);
    const res = await call('POST', '/add', { name: 'Studio Duo', teacherId: pt.admin.id, studentIds: [pt.student.id] }, token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.teacher._id).toBe(pt.admin.id);
    // A school's owner is not a teacher of a school that is not a private teacher.
    const notPt = await call('POST', '/add', { name: 'X', teacherId: a.admin.id });
    expect(notPt.body.errors).toEqual({ teacherId: CLASS_MESSAGES.teacherNotInSchool });
  });

  it('lets a sub-admin add; refuses teacher, student and parent (403) and no session (401)', async () => {
    await addGroup({}, tokens.subadmin);
    for (const role of ['teacher', 'student', 'parent']) {
      const res = await call('POST', '/add', { name: 'X', teacherId: a.teacher.id }, tokens[role]);
      expect(res.status, role).toBe(403);
    }
    expect((await call('POST', '/add', { name: 'X', teacherId: a.teacher.id }, null)).status).toBe(401);
  });
});

describe('POST /api/classes/list', () => {
  let school: TestSchool;
  let token: string;
  beforeAll(async () => {
    school = await createSchool(t.db);
    token = await sessionToken(t, school.admin.id);
    const teacher2 = await createUser(t.db, 'teacher', school.adminId);
    for (let i = 1; i <= 7; i++) {
      const res = await call('POST', '/add', {
        name: `Ensemble ${String.fromCharCode(64 + i)}`, teacherId: i % 2 ? school.teacher.id : teacher2.id,
        studentIds: i === 1 ? [school.student.id, school.otherStudent.id] : [],
      }, token);
      expect(res.status).toBe(200);
    }
  });

  it('pages 6 at a time, newest first, with the student counts', async () => {
    const first = await call('POST', '/list', {}, token);
    expect(first.status).toBe(200);
    // The factory's "Test Ensemble" and the seven above.
    expect(first.body.data).toMatchObject({ page: 1, limit: 6, totalCount: 8 });
    expect(first.body.data.results).toHaveLength(6);
    expect(first.body.data.results[0].name).toBe('Ensemble G');
    const second = await call('POST', '/list', { page: 2 }, token);
    expect(second.body.data.results.map((r: { name: string }) => r.name)).toEqual(['Ensemble A', 'Test Ensemble']);
    expect(second.body.data.results[0].studentCount).toBe(2);
    const past = await call('POST', '/list', { page: 9 }, token);
    expect(past.body.data).toMatchObject({ results: [], totalCount: 8 });
  });

  it('searches by name, filters by teacher and sorts by name', async () => {
    const found = await call('POST', '/list', { search: 'ensemble c' }, token);
    expect(found.body.data.results.map((r: { name: string }) => r.name)).toEqual(['Ensemble C']);
    const byTeacher = await call('POST', '/list', { teacherId: school.teacher.id, sortBy: 'name', orderBy: 1 }, token);
    expect(byTeacher.body.data.results.map((r: { name: string }) => r.name)).toEqual(['Ensemble A', 'Ensemble C', 'Ensemble E', 'Ensemble G', 'Test Ensemble']);
    expect(byTeacher.body.data.totalCount).toBe(5);
  });

  it('gives a teacher only their own groups, and no other school\'s', async () => {
    const teacherToken = await sessionToken(t, school.teacher.id);
    const res = await call('POST', '/list', { limit: 100 }, teacherToken);
    expect(res.status).toBe(200);
    expect(res.body.data.totalCount).toBe(5);
    const other = await call('POST', '/list', { limit: 100 }, tokens.bAdmin);
    expect(other.body.data.results.every((r: { name: string }) => !r.name.startsWith('Ensemble'))).toBe(true);
  });

  it('refuses students and parents (403), and no session (401); validates paging', async () => {
    expect((await call('POST', '/list', {}, tokens.student)).status).toBe(403);
    expect((await call('POST', '/list', {}, tokens.parent)).status).toBe(403);
    expect((await call('POST', '/list', {}, null)).status).toBe(401);
    expect((await call('POST', '/list', { page: 0 }, token)).status).toBe(400);
    expect((await call('POST', '/list', { sortBy: 'password' }, token)).status).toBe(400);
  });
});

describe('POST /api/classes/update', () => {
  it('renames, changes the teacher and replaces the students; records class.updated', async () => {
    const g = await addGroup({ studentIds: [a.student.id] });
    const res = await call('POST', '/update', { id: g._id, name: 'Renamed', teacherId: otherTeacher.id, studentIds: [a.otherStudent.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLASS_MESSAGES.updated);
    const view = await call('GET', `/view/${g._id}`);
    expect(view.body.data).toMatchObject({ name: 'Renamed', teacher: { _id: otherTeacher.id }, studentCount: 1 });
    expect(view.body.data.students.map((s: { _id: string }) => s._id)).toEqual([a.otherStudent.id]);
    expect((await activities('class.updated')).some((e) => e.meta?.classGroupId === g._id)).toBe(true);
  });

  it('answers 400 with messages, 403 for a teacher (even their own group), 404 for another school\'s group', async () => {
    const g = await addGroup();
    const bad = await call('POST', '/update', { id: g._id, name: '', teacherId: a.teacher.id });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'Name is Required' });
    expect((await call('POST', '/update', { id: g._id, name: 'Mine', teacherId: a.teacher.id }, tokens.teacher)).status).toBe(403);
    const foreign = await call('POST', '/update', { id: b.classGroupId, name: 'Stolen', teacherId: a.teacher.id });
    expect(foreign.status).toBe(404);
    expect((await call('POST', '/update', { id: g._id, name: 'X', teacherId: a.teacher.id }, null)).status).toBe(401);
  });
});

describe('DELETE /api/classes/remove', () => {
  it('removes a group and its student rows; records class.removed', async () => {
    const g = await addGroup({ name: 'Short-lived', studentIds: [a.student.id] });
    const res = await call('DELETE', '/remove', { id: g._id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLASS_MESSAGES.deleted);
    expect((await call('GET', `/view/${g._id}`)).status).toBe(404);
    expect((await activities('class.removed')).some((e) => e.meta?.name === 'Short-lived')).toBe(true);
  });

  it('answers 403 for a teacher, 404 for another school\'s group, 401 without a session, 400 for a bad id', async () => {
    const g = await addGroup();
    expect((await call('DELETE', '/remove', { id: g._id }, tokens.teacher)).status).toBe(403);
    expect((await call('DELETE', '/remove', { id: b.classGroupId })).status).toBe(404);
    expect((await call('DELETE', '/remove', { id: g._id }, null)).status).toBe(401);
    expect((await call('DELETE', '/remove', { id: 'nope' })).status).toBe(400);
  });
});

describe('GET /api/classes/view/:id', () => {
  it('shows the group with its teacher and students; canEdit for the office, not for its teacher', async () => {
    const g = await addGroup({ studentIds: [a.student.id] });
    const res = await call('GET', `/view/${g._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: g._id, teacher: { _id: a.teacher.id, first_name: 'Teacher' }, canEdit: true });
    expect(res.body.data.students[0]).toMatchObject({ _id: a.student.id, status: true });
    const asTeacher = await call('GET', `/view/${g._id}`, undefined, tokens.teacher);
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body.data.canEdit).toBe(false);
  });

  it('answers 403 to a teacher for another teacher\'s group, to students and parents; 404 across schools; 401', async () => {
    const g = await addGroup({ teacherId: otherTeacher.id });
    expect((await call('GET', `/view/${g._id}`, undefined, tokens.teacher)).status).toBe(403);
    expect((await call('GET', `/view/${g._id}`, undefined, tokens.student)).status).toBe(403);
    expect((await call('GET', `/view/${g._id}`, undefined, tokens.parent)).status).toBe(403);
    expect((await call('GET', `/view/${g._id}`, undefined, tokens.bAdmin)).status).toBe(404);
    expect((await call('GET', `/view/${g._id}`, undefined, null)).status).toBe(401);
    // The superadmin sees every school's.
    expect((await call('GET', `/view/${g._id}`, undefined, superToken)).status).toBe(200);
  });
});

describe('POST /api/scheduling/getClassGroupStudentList', () => {
  const list = (body: unknown, token: string | null = tokens.admin!) => t.call('POST', '/api/scheduling/getClassGroupStudentList', { token: token ?? undefined, body });

  it('answers the students of a group, to the office and to its teacher', async () => {
    const g = await addGroup({ studentIds: [a.student.id, a.otherStudent.id] });
    const res = await list({ classGroupId: g._id });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((s: { _id: string }) => s._id).sort()).toEqual([a.student.id, a.otherStudent.id].sort());
    expect((await list({ classGroupId: g._id }, tokens.teacher)).status).toBe(200);
  });

  it('validates, and answers 401, 403 and 404 as the group itself would', async () => {
    const g = await addGroup({ teacherId: otherTeacher.id });
    const bad = await list({});
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ classGroupId: 'Class/Group is Required' });
    expect((await list({ classGroupId: g._id }, null)).status).toBe(401);
    expect((await list({ classGroupId: g._id }, tokens.teacher)).status).toBe(403);
    expect((await list({ classGroupId: g._id }, tokens.student)).status).toBe(403);
    expect((await list({ classGroupId: b.classGroupId })).status).toBe(404);
  });
});
