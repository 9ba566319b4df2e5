import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { parentChildren, studentGenres, studentTeachers } from '../../db/schema/index.js';
import { memberCalls, membersWorld, type Tokens } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;
let g: Record<string, string>;
const ids = (res: { body: { data: { results: { _id: string }[] } } }) => res.body.data.results.map((r) => r._id);

/**
 * School A: the factory's two students plus eight more (Pat Zed 0..7, every third inactive, the
 * even ones playing Piano and taught by the factory's teacher). School B has its own.
 */
beforeAll(async () => {
  ({ t, api, a, b, tok, g } = await membersWorld());
  for (let i = 0; i < 8; i++) {
    const s = await createUser(t.db, 'student', a.adminId, {
      firstName: 'Pat', lastName: `Zed${i}`, status: i % 3 !== 0, createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
      email: i === 5 ? 'pat_100%@example.test' : undefined,
    });
    if (i % 2 === 0) {
      await t.db.transaction({ kind: 'all' }, async (tx) => {
        await tx.insert(studentGenres).values({ adminId: a.adminId, studentId: s.id, genreId: g.Piano!, level: 'beginner' });
        await tx.insert(studentTeachers).values({ adminId: a.adminId, studentId: s.id, teacherId: a.teacher.id });
      });
    }
  }
});
afterAll(() => t.close());

describe('POST /api/member/{kind}/list', () => {
  it('pages 6 at a time, newest first, with the total and the Active/Inactive counts', async () => {
    const res = await api.list('students', tok.admin);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ page: 1, limit: 6, totalCount: 10, activeCount: 7, inactiveCount: 3 });
    expect(d.results).toHaveLength(6);
    expect(d.results[0]).toMatchObject({ first_name: 'Pat', last_name: 'Zed7', role: 'student', invitationPending: false });
    const second = await api.list('students', tok.admin, { page: 2 });
    expect(second.body.data.results).toHaveLength(4);
    expect(new Set([...ids(res), ...ids(second)]).size).toBe(10);
  });

  it('filters by status while the counts ignore it', async () => {
    const res = await api.list('students', tok.admin, { status: 'inactive' });
    expect(res.body.data).toMatchObject({ totalCount: 3, activeCount: 7, inactiveCount: 3 });
    expect(res.body.data.results.every((r: { status: boolean }) => !r.status)).toBe(true);
  });

  it('searches first, last and full name, username and email, with LIKE characters taken literally', async () => {
    expect((await api.list('students', tok.admin, { search: 'pat zed3' })).body.data.totalCount).toBe(1);
    expect((await api.list('students', tok.admin, { search: 'zed' })).body.data.totalCount).toBe(8);
    expect((await api.list('students', tok.admin, { search: a.student.username })).body.data.totalCount).toBe(1);
    const pct = await api.list('students', tok.admin, { search: '100%' });
    expect(pct.body.data).toMatchObject({ totalCount: 1, activeCount: 1, inactiveCount: 0 });
    expect((await api.list('students', tok.admin, { search: '_' })).body.data.totalCount).toBe(1);
  });

  it('filters by instrument and teacher; the counts follow them', async () => {
    const piano = await api.list('students', tok.admin, { genreId: g.Piano });
    expect(piano.body.data).toMatchObject({ totalCount: 4, activeCount: 2, inactiveCount: 2 });
    expect(piano.body.data.results[0].instruments).toEqual([{ genreId: { _id: g.Piano, name: 'Piano' }, level: 'beginner' }]);
    const taught = await api.list('students', tok.admin, { teacherId: a.teacher.id });
    // The four even ones and the factory's student.
    expect(taught.body.data.totalCount).toBe(5);
    const parents = await api.list('parents', tok.admin, { teacherId: a.teacher.id });
    expect(ids(parents)).toEqual([a.parent.id]);
  });

  it('sorts by last name both ways', async () => {
    const asc = await api.list('students', tok.admin, { sortBy: 'last_name', orderBy: 1, search: 'zed' });
    expect(asc.body.data.results.map((r: { last_name: string }) => r.last_name)).toEqual(['Zed0', 'Zed1', 'Zed2', 'Zed3', 'Zed4', 'Zed5']);
    const desc = await api.list('students', tok.admin, { sortBy: 'last_name', orderBy: -1, search: 'zed' });
    expect(desc.body.data.results[0].last_name).toBe('Zed7');
  });

  it('shows each kind with its own fields', async () => {
    const students = await api.list('students', tok.admin, { search: a.student.username });
    expect(students.body.data.results[0]).toMatchObject({
      teachers: [{ _id: a.teacher.id, first_name: 'Teacher', last_name: 'Tester' }],
      parents: [{ _id: a.parent.id }],
      instruments: [],
    });
    const teachers = await api.list('teachers', tok.admin);
    expect(teachers.body.data.results[0]).toMatchObject({ _id: a.teacher.id, genres: [], private_rate: 0, class_group_rate: 0, studentCount: 5 });
    const parents = await api.list('parents', tok.subadmin);
    expect(parents.body.data.results[0]).toMatchObject({ _id: a.parent.id, children: [{ _id: a.student.id }] });
    const subadmins = await api.list('subadmins', tok.admin);
    expect(subadmins.body.data.results[0]).toMatchObject({ _id: a.subadmin.id, allow_payroll_report: false });
  });

  it('answers a teacher only their own students and a parent only their children', async () => {
    const teacher = await api.list('students', tok.teacher, { limit: 100 });
    expect(teacher.status).toBe(200);
    expect(teacher.body.data.totalCount).toBe(5);
    expect(ids(teacher)).toContain(a.student.id);
    expect(ids(teacher)).not.toContain(a.otherStudent.id);
    const parent = await api.list('students', tok.parent);
    expect(ids(parent)).toEqual([a.student.id]);
  });

  it('answers a teacher the parents of their own students, each with only those children (decision 090)', async () => {
    // A second parent, of a student who is not the teacher's; the factory's parent has that student too.
    const stranger = await createUser(t.db, 'parent', a.adminId, { firstName: 'Stranger' });
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values([
      { adminId: a.adminId, parentId: stranger.id, studentId: a.otherStudent.id },
      { adminId: a.adminId, parentId: a.parent.id, studentId: a.otherStudent.id },
    ]));
    const theirs = await api.list('parents', tok.teacher, { limit: 100 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ totalCount: 1, results: [{ _id: a.parent.id, children: [{ _id: a.student.id }] }] });
    // The office sees every parent and every child.
    const office = await api.list('parents', tok.admin, { limit: 100 });
    expect(office.body.data.results.find((r: { _id: string }) => r._id === a.parent.id).children.map((c: { _id: string }) => c._id).sort())
      .toEqual([a.student.id, a.otherStudent.id].sort());
    expect(ids(office)).toContain(stranger.id);
    // Another school's teacher sees none of A's parents; a search does not reach past the teacher's own.
    expect(ids(await api.list('parents', await sessionToken(t, b.teacher.id), { limit: 100 }))).not.toContain(a.parent.id);
    expect((await api.list('parents', tok.teacher, { search: 'Stranger' })).body.data.totalCount).toBe(0);
    // Listing is all a teacher does with parents: adding or changing one stays the office's.
    expect((await t.call('POST', '/api/member/parents/add', { token: tok.teacher, body: {} })).status).toBe(403);
  });

  it('counts a student of a group the teacher leads as theirs', async () => {
    const other = await createSchool(t.db);
    const res = await api.list('students', await sessionToken(t, other.teacher.id));
    expect(ids(res)).toEqual([other.student.id]);
  });

  it('never shows another school', async () => {
    const res = await api.list('students', await sessionToken(t, b.admin.id), { limit: 100 });
    expect(ids(res).sort()).toEqual([b.student.id, b.otherStudent.id].sort());
  });

  it('lets the superadmin list every school', async () => {
    const superadmin = await createUser(t.db, 'superadmin', null);
    const res = await api.list('subadmins', await sessionToken(t, superadmin.id), { limit: 100 });
    expect(ids(res)).toEqual(expect.arrayContaining([a.subadmin.id, b.subadmin.id]));
  });

  it('answers 401 without a session and 403 to roles without the list', async () => {
    expect((await api.list('students', '')).status).toBe(401);
    expect((await api.list('teachers', tok.teacher)).status).toBe(403);
    expect((await api.list('students', tok.student)).status).toBe(403);
    expect((await api.list('subadmins', tok.subadmin)).status).toBe(403);
    expect((await api.list('parents', tok.parent)).status).toBe(403);
    const pt = await createSchool(t.db, { addrole: 'Private teacher' });
    expect((await api.list('teachers', await sessionToken(t, pt.admin.id))).status).toBe(403);
    expect((await api.list('subadmins', await sessionToken(t, pt.admin.id))).status).toBe(403);
  });

  it('answers 400 on a bad list body', async () => {
    const res = await api.list('students', tok.admin, { sortBy: 'password', page: 0 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(expect.arrayContaining(['sortBy', 'page']));
  });
});
