import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents, parentChildren, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import type { Acting } from '../../../lib/member-actor.js';
import type { LessonScope } from '../../../policies/scheduling.js';
import type { AttendanceFilters } from '../../../../shared/contracts/attendance.js';
import { startOfLocalDay } from '../time/wall-clock.js';

type Filters = Required<Pick<AttendanceFilters, 'from' | 'to'>> & Pick<AttendanceFilters, 'teacherId' | 'studentId' | 'status'>;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whose attendance the caller sees: the school, a teacher's lessons, oneself, one's children. */
function scopeCondition(acting: Acting, scope: LessonScope): SQL | undefined {
  switch (scope) {
    case 'school':
      return undefined;
    case 'teacher':
      return eq(lessons.teacherId, acting.id);
    case 'student':
      return eq(lessonStudents.studentId, acting.id);
    case 'parent':
      return inArray(lessonStudents.studentId, sql`(select ${parentChildren.studentId} from ${parentChildren} where ${parentChildren.parentId} = ${acting.id})`);
  }
}

/** A person named in the filters must be someone the caller may see (404 otherwise, as another school's). */
async function checkNamedPeople(tx: Tx, acting: Acting, scope: LessonScope, f: Filters): Promise<void> {
  if (f.studentId) {
    const ok = scope === 'student' ? f.studentId === acting.id
      : scope === 'parent' ? (await tx.select({ id: parentChildren.id }).from(parentChildren)
        .where(and(eq(parentChildren.parentId, acting.id), eq(parentChildren.studentId, f.studentId)))).length > 0
        : await isOfSchool(tx, acting, f.studentId, 'student');
    if (!ok) throw notFound('Student not found');
  }
  if (f.teacherId && !(await isOfSchool(tx, acting, f.teacherId))) throw notFound('Teacher not found');
}

async function isOfSchool(tx: Tx, acting: Acting, id: string, role?: string): Promise<boolean> {
  const [person] = await tx.select({ adminId: users.adminId, role: users.role }).from(users).where(eq(users.id, id));
  return !!person && person.adminId === acting.adminId && (!role || person.role === role);
}

/**
 * The report's rows: attendance taken, lessons starting from 00:00 of `from` to the end of `to`
 * on the school's wall clock, within the caller's scope and the filters.
 */
export async function attendanceWhere(tx: Tx, acting: Acting, scope: LessonScope, zone: string, f: Filters): Promise<SQL> {
  await checkNamedPeople(tx, acting, scope, f);
  return and(
    eq(lessons.adminId, acting.adminId!),
    gte(lessons.startsAt, startOfLocalDay(f.from, zone)),
    lt(lessons.startsAt, startOfLocalDay(nextDay(f.to), zone)),
    isNotNull(lessonStudents.attendance),
    scopeCondition(acting, scope),
    f.teacherId ? eq(lessons.teacherId, f.teacherId) : undefined,
    f.studentId ? eq(lessonStudents.studentId, f.studentId) : undefined,
    f.status ? eq(lessonStudents.attendance, f.status) : undefined,
  )!;
}
