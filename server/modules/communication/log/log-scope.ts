import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../lib/actor.js';
import { forbidden } from '../../../lib/http-errors.js';
import { communicationLogScope } from '../../../policies/communication.js';
import { childrenOfParent, studentsOfTeacher } from '../../relations/index.js';

/** The table's school and person columns: the outbox's, or the notifications'. */
export type LogTable = { adminId: PgColumn; userId: PgColumn };

/**
 * The messages a reader sees (policies/communication.ts): staff the school's, a teacher their
 * own and their students', a student their own, a parent their own and their children's.
 */

export function logScopeCondition(actor: Actor, t: LogTable): SQL {
  const scope = communicationLogScope(actor);
  if (!scope) throw forbidden();
  const school = eq(t.adminId, actor.adminId!);
  switch (scope) {
    case 'school':
      return school;
    case 'teacher':
      return and(school, or(eq(t.userId, actor.id), inArray(t.userId, studentsOfTeacher(actor.id))))!;
    case 'student':
      return and(school, eq(t.userId, actor.id))!;
    case 'parent':
      return and(school, or(eq(t.userId, actor.id), inArray(t.userId, childrenOfParent(actor.id))))!;
  }
}
