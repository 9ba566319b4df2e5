import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { genres, parentChildren, studentGenres, studentTeachers } from '../../db/schema/index.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let secondChild: TestUser;
let secondTeacher: TestUser;
let childlessParent: TestUser;
let guitar: { id: string; name: string };
let cello: { id: string; name: string };

/**
 * School A's parent has two children: the factory's student (taught by the factory's teacher,
 * plays cello and guitar) and Aaron (taught by a second teacher, no instrument yet). Another
 * parent of A and school B's parent have children of their own.
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  secondChild = await createUser(t.db, 'student', a.adminId, { firstName: 'Aaron', lastName: 'Ashby', status: false });
  secondTeacher = await createUser(t.db, 'teacher', a.adminId, { firstName: 'Beatrix', lastName: 'Bow' });
  childlessParent = await createUser(t.db, 'parent', a.adminId);
  const otherParent = await createUser(t.db, 'parent', a.adminId);
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    // The standard genres come with the migrations.
    const all = await tx.select().from(genres);
    [guitar, cello] = ['Guitar', 'Cello'].map((n) => all.find((g) => g.name === n)!) as [typeof guitar, typeof cello];
    await tx.insert(parentChildren).values([
      { adminId: a.adminId, parentId: a.parent.id, studentId: secondChild.id },
      { adminId: a.adminId, parentId: otherParent.id, studentId: a.otherStudent.id },
    ]);
    await tx.insert(studentTeachers).values({ adminId: a.adminId, studentId: secondChild.id, teacherId: secondTeacher.id });
    await tx.insert(studentGenres).values([
      { adminId: a.adminId, studentId: a.student.id, genreId: guitar.id, level: 'intermediate' },
      { adminId: a.adminId, studentId: a.student.id, genreId: cello.id, level: 'beginner' },
      { adminId: b.adminId, studentId: b.student.id, genreId: cello.id, level: 'advanced' },
    ]);
  });
});
afterAll(() => t.close());

describe('GET /api/member/children', () => {
  it('answers exactly the parent’s own children, by name, with their instruments and teachers', async () => {
    const res = await t.call('GET', '/api/member/children', { token: await sessionToken(t, a.parent.id) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      results: [
        {
          _id: secondChild.id, first_name: 'Aaron', last_name: 'Ashby', username: secondChild.username, status: false,
          instruments: [],
          teachers: [{ _id: secondTeacher.id, first_name: 'Beatrix', last_name: 'Bow' }],
          nextLesson: null,
        },
        {
          _id: a.student.id, first_name: 'Student', last_name: 'Tester', username: a.student.username, status: true,
          instruments: [
            { genreId: { _id: cello.id, name: 'Cello' }, level: 'beginner' },
            { genreId: { _id: guitar.id, name: 'Guitar' }, level: 'intermediate' },
          ],
          teachers: [{ _id: a.teacher.id, first_name: 'Teacher', last_name: 'Tester' }],
          nextLesson: null,
        },
      ],
    });
  });

  it('answers another parent’s own child only', async () => {
    const res = await t.call('GET', '/api/member/children', { token: await sessionToken(t, b.parent.id) });
    expect(res.body.data.results.map((c: { _id: string }) => c._id)).toEqual([b.student.id]);
    expect(res.body.data.results[0].instruments).toEqual([{ genreId: { _id: cello.id, name: 'Cello' }, level: 'advanced' }]);
  });

  it('answers an empty list to a parent without children', async () => {
    const res = await t.call('GET', '/api/member/children', { token: await sessionToken(t, childlessParent.id) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ results: [] });
  });

  it('answers a parent acted as by their admin with that parent’s children', async () => {
    const token = await sessionToken(t, a.parent.id, { actorUserId: a.admin.id });
    const res = await t.call('GET', '/api/member/children', { token });
    expect(res.body.data.results).toHaveLength(2);
  });
});
