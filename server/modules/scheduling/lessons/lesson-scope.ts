import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessons } from '../../../db/schema/index.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { lessonScopeOf, type LessonScope } from '../../../policies/scheduling.js';
import { attendedBy as lessonAttendedBy, childrenOfParent, isOwnStudent, type LessonRef } from '../../relations/index.js';
import { LESSON_MINUTES_MAX, SCHEDULING_MESSAGES as M } from '../../../../shared/contracts/scheduling.js';

/**
 * A lesson overlapping an instant started at most the longest lesson before it: the lower bound
 * that lets an (…, starts_at) index answer "lessons that have not ended by then".
 */
export function startsAfterFor(instant: Date): Date {
  return new Date(instant.getTime() - LESSON_MINUTES_MAX * 60_000);
}

const thisLesson: LessonRef = { id: sql`${lessons.id}`, classGroupId: sql`${lessons.classGroupId}` };

/** The lessons some students attend (relations' one definition), on the lessons table. */
export function attendedBy(studentIds: SQL): SQL {
  return lessonAttendedBy(thisLesson, studentIds);
}

/** The lessons on the actor's calendar (another school's never: the school is always a condition). */
export function visibleLessons(actor: Pick<Actor, 'id' | 'adminId'>, scope: LessonScope): SQL {
  const school = eq(lessons.adminId, actor.adminId ?? '00000000-0000-0000-0000-000000000000');
  switch (scope) {
    case 'school':
      return school;
    case 'teacher':
      return and(school, eq(lessons.teacherId, actor.id))!;
    case 'student':
      return and(school, attendedBy(sql`(${actor.id}::uuid)`))!;
    case 'parent':
      return and(school, attendedBy(childrenOfParent(actor.id)))!;
  }
}

export function requireScope(actor: Actor): LessonScope {
  const scope = lessonScopeOf(actor);
  if (!scope) throw forbidden();
  return scope;
}

/** A parent may look at their own children only; others as their scope allows. */
export async function assertMayViewStudent(tx: Tx, actor: Actor, scope: LessonScope, studentId: string): Promise<void> {
  if (scope === 'student' && studentId !== actor.id) throw notFound(M.lessonNotFound);
  // A parent's own students are their children (relations, decision 016).
  if (scope === 'parent' && !(await isOwnStudent(tx, actor, studentId))) throw notFound('Student not found');
}
