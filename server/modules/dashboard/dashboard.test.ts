import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { classGroups, classGroupStudents, genres, studentGenres, studentTeachers } from '../../db/schema/index.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let privateTeacher: TestSchool;
let superadmin: TestUser;

/**
 * School A: the factory's people (2 active students, 1 teacher, 1 parent, 1 class) plus an
 * inactive student (taught by the teacher), an inactive teacher and a second class. School B is
 * bigger, so that any leak shows in A's figures.
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  privateTeacher = await createSchool(t.db, { addrole: 'Private teacher' });
  superadmin = await createUser(t.db, 'superadmin', null);
  const inactiveStudent = await createUser(t.db, 'student', a.adminId, { status: false });
  await createUser(t.db, 'teacher', a.adminId, { status: false });
  for (let i = 0; i < 3; i++) await createUser(t.db, 'student', b.adminId);
  await createUser(t.db, 'teacher', b.adminId);
  await createUser(t.db, 'parent', b.adminId);
  // An inactive school.
  await createUser(t.db, 'admin', null, { status: false, addrole: 'School' });
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.insert(studentTeachers).values({ adminId: a.adminId, studentId: inactiveStudent.id, teacherId: a.teacher.id });
    await tx.insert(classGroups).values({ adminId: a.adminId, name: 'Strings Ensemble' });
    await tx.insert(classGroups).values([{ adminId: b.adminId, name: 'B One' }, { adminId: b.adminId, name: 'B Two' }]);
    const [piano] = await tx.insert(genres).values({ name: 'Piano (dashboard test)' }).returning();
    const [violin] = await tx.insert(genres).values({ name: 'Violin (dashboard test)' }).returning();
    await tx.insert(studentGenres).values([
      { adminId: a.adminId, studentId: a.student.id, genreId: piano!.id, level: 'beginner' },
      { adminId: a.adminId, studentId: a.student.id, genreId: violin!.id, level: 'advanced' },
    ]);
    await tx.insert(classGroupStudents).values({ adminId: a.adminId, classGroupId: a.classGroupId, studentId: a.student.id });
  });
});
afterAll(() => t.close());

/** The figures as { key: value }, after checking each has a label. */
async function figures(userId: string): Promise<Record<string, number | null>> {
  const res = await t.call('GET', '/api/dashboard/getDashboard', { token: await sessionToken(t, userId) });
  expect(res.status).toBe(200);
  const list = res.body.data.figures as { key: string; label: string; value: number | null }[];
  for (const f of list) expect(f.label.length).toBeGreaterThan(0);
  return Object.fromEntries(list.map((f) => [f.key, f.value]));
}

describe('GET /api/dashboard/getDashboard', () => {
  it('counts an admin’s own school only', async () => {
    expect(await figures(a.admin.id)).toEqual({
      activeStudents: 2, inactiveStudents: 1, activeTeachers: 1, inactiveTeachers: 1, parents: 1, classGroups: 2,
      lessonsThisWeek: 0, attendanceRate: null, revenueThisMonth: 0, outstandingBalance: 0, newWidgetStudents: 0,
    });
  });

  it('shows a subadmin the same figures as their admin', async () => {
    expect(await figures(a.subadmin.id)).toEqual(await figures(a.admin.id));
  });

  it('counts the other school on its own', async () => {
    expect(await figures(b.admin.id)).toEqual({
      activeStudents: 5, inactiveStudents: 0, activeTeachers: 2, inactiveTeachers: 0, parents: 2, classGroups: 3,
      lessonsThisWeek: 0, attendanceRate: null, revenueThisMonth: 0, outstandingBalance: 0, newWidgetStudents: 0,
    });
  });

  it('shows a private teacher no teacher figures', async () => {
    const f = await figures(privateTeacher.admin.id);
    expect(Object.keys(f)).toEqual(['activeStudents', 'inactiveStudents', 'parents', 'classGroups', 'lessonsThisWeek', 'attendanceRate', 'revenueThisMonth', 'outstandingBalance', 'newWidgetStudents']);
    expect(f).toMatchObject({ activeStudents: 2, inactiveStudents: 0, parents: 1, classGroups: 1 });
  });

  it('shows a teacher their own students and classes', async () => {
    expect(await figures(a.teacher.id)).toEqual({ activeStudents: 1, inactiveStudents: 1, classGroups: 1, todaysLessons: 0, studentsToMark: 0, practiceMinutesThisWeek: 0 });
  });

  it('shows a student their instruments, teachers and classes', async () => {
    expect(await figures(a.student.id)).toEqual({ instruments: 2, teachers: 1, classGroups: 1 });
    expect(await figures(a.otherStudent.id)).toEqual({ instruments: 0, teachers: 0, classGroups: 0 });
  });

  it('shows a parent their children', async () => {
    expect(await figures(a.parent.id)).toEqual({ children: 1 });
  });

  it('shows a superadmin every school', async () => {
    expect(await figures(superadmin.id)).toEqual({
      activeSchools: 2, inactiveSchools: 1, activePrivateTeachers: 1, inactivePrivateTeachers: 0, activeStudents: 2 + 5 + 2, planRevenueThisMonth: 0,
    });
  });
});
