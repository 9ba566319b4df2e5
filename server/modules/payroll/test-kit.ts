import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { lessonStudents, lessons, lessonTypes, teacherPayRates } from '../../db/schema/index.js';

/** A lesson of the payroll tests: local New York time, its students' attendance, maybe a cancellation. */
type Spec = { teacher: TestUser; kind: 'private' | 'class_group'; at: string; attendance?: string[]; cancelledHoursBefore?: number };

export type PayrollWorld = {
  t: TestApp; a: TestSchool; b: TestSchool; teacher2: TestUser; allowedSub: TestUser;
  tok: Record<string, string>;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | undefined, body?: unknown): ReturnType<TestApp['call']>;
  addLessons(s: TestSchool, specs: Spec[]): Promise<string[]>;
};

const NY_OFFSET = '-04:00';

/**
 * Two schools (New York's zone), school A with a second teacher and a sub-admin allowed payroll,
 * pay rates of $35.50 private and $20.25 class/group for A's teacher, $40 private for the second.
 */
export async function payrollWorld(): Promise<PayrollWorld> {
  const t = await createTestApp();
  const a = await createSchool(t.db);
  const b = await createSchool(t.db);
  const teacher2 = await createUser(t.db, 'teacher', a.adminId, { firstName: 'Zed', lastName: 'Second' });
  const allowedSub = await createUser(t.db, 'subadmin', a.adminId, { allowPayrollReport: true });
  const types = new Map<string, string>();
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    for (const s of [a, b]) {
      const made = await tx.insert(lessonTypes).values([
        { adminId: s.adminId, name: 'Private Lesson', kind: 'private', durationMinutes: 30 },
        { adminId: s.adminId, name: 'Group Class', kind: 'class_group', durationMinutes: 60 },
      ]).returning();
      for (const m of made) types.set(`${s.adminId}:${m.kind}`, m.id);
    }
    await tx.insert(teacherPayRates).values([
      { adminId: a.adminId, teacherId: a.teacher.id, lessonKind: 'private', rateCents: 3550 },
      { adminId: a.adminId, teacherId: a.teacher.id, lessonKind: 'class_group', rateCents: 2025 },
      { adminId: a.adminId, teacherId: teacher2.id, lessonKind: 'private', rateCents: 4000 },
      { adminId: b.adminId, teacherId: b.teacher.id, lessonKind: 'private', rateCents: 1000 },
    ]);
  });
  const tok: Record<string, string> = {};
  for (const [name, s] of [['a', a], ['b', b]] as const) {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tok[`${name}.${role}`] = await sessionToken(t, s[role].id);
  }
  tok['a.allowedSub'] = await sessionToken(t, allowedSub.id);
  return {
    t, a, b, teacher2, allowedSub, tok,
    call: (method, url, token, body) => t.call(method, url, { token, body }),
    addLessons: (s, specs) => t.db.transaction({ kind: 'all' }, async (tx) => {
      const ids: string[] = [];
      for (const spec of specs) {
        const startsAt = new Date(`${spec.at}:00${NY_OFFSET}`);
        const cancelled = spec.cancelledHoursBefore !== undefined;
        const [l] = await tx.insert(lessons).values({
          adminId: s.adminId, teacherId: spec.teacher.id, lessonTypeId: types.get(`${s.adminId}:${spec.kind}`)!,
          classGroupId: spec.kind === 'class_group' ? s.classGroupId : null,
          startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: cancelled ? 'cancelled' : 'scheduled',
          cancelledAt: cancelled ? new Date(startsAt.getTime() - spec.cancelledHoursBefore! * 3_600_000) : null,
          attendanceTakenAt: spec.attendance ? startsAt : null,
        }).returning();
        ids.push(l!.id);
        const statuses = spec.attendance ?? [null];
        const students = [s.student, s.otherStudent];
        await tx.insert(lessonStudents).values(statuses.map((att, i) => ({ adminId: s.adminId, lessonId: l!.id, studentId: students[i]!.id, attendance: att })));
      }
      return ids;
    }),
  };
}
