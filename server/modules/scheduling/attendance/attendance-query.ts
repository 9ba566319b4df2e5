import { and, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import type { LessonScope } from '../../../policies/scheduling.js';
import { childrenOfParent, isOwnStudent } from '../../relations/index.js';
import type { AttendanceFilters } from '../../../../shared/contracts/attendance.js';
import { startOfLocalDay } from '../../../../shared/school-clock.js';

type Filters = Required<Pick<AttendanceFilters, 'from' | 'to'>> & Pick<AttendanceFilters, 'teacherId' | 'studentId' | 'status'>;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whose attendance the caller sees: the school, a teacher's lessons, oneself, one's children. */
function scopeCondition(actor: Actor, scope: LessonScope): SQL | undefined {
  switch (scope) {
    case 'school':
      return undefined;
    case 'teacher':
      return eq(lessons.teacherId, actor.id);
    case 'student':
      return eq(lessonStudents.studentId, actor.id);
    case 'parent':
      return inArray(lessonStudents.studentId, childrenOfParent(actor.id));
  }
}

/** A person named in the filters must be someone the caller may see (404 otherwise, as another school's). */
async function checkNamedPeople(tx: Tx, actor: Actor, scope: LessonScope, f: Filters): Promise<void> {
  if (f.studentId) {
    const ok = scope === 'student' ? f.studentId === actor.id
      : scope === 'parent' ? await isOwnStudent(tx, actor, f.studentId)
        : await isOfSchool(tx, actor, f.studentId, 'student');
    if (!ok) throw notFound('Student not found');
  }
  if (f.teacherId && !(await isOfSchool(tx, actor, f.teacherId))) throw notFound('Teacher not found');
}

async function isOfSchool(tx: Tx, actor: Actor, id: string, role?: string): Promise<boolean> {
  const [person] = await tx.select({ adminId: users.adminId, role: users.role }).from(users).where(eq(users.id, id));
  return !!person && person.adminId === actor.adminId && (!role || person.role === role);
}

/**
 * The report's rows: attendance taken, lessons starting from 00:00 of `from` to the end of `to`
 * on the school's wall clock, within the caller's scope and the filters.
 */
export async function attendanceWhere(tx: Tx, actor: Actor, scope: LessonScope, zone: string, f: Filters): Promise<SQL> {
  await checkNamedPeople(tx, actor, scope, f);
  return and(
    eq(lessons.adminId, actor.adminId!),
    gte(lessons.startsAt, startOfLocalDay(f.from, zone)),
    lt(lessons.startsAt, startOfLocalDay(nextDay(f.to), zone)),
    isNotNull(lessonStudents.attendance),
    scopeCondition(actor, scope),
    f.teacherId ? eq(lessons.teacherId, f.teacherId) : undefined,
    f.studentId ? eq(lessonStudents.studentId, f.studentId) : undefined,
    f.status ? eq(lessonStudents.attendance, f.status) : undefined,
  )!;
}
