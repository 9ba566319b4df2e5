import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../lib/actor.js';
import { forbidden } from '../../../lib/http-errors.js';
import { communicationLogScope } from '../../../policies/communication.js';
import { childrenOfParent, studentsOfTeacher } from '../../relations/index.js';

/** The table's school and person columns: the outbox's, or the notifications'. */
export type LogTable = { adminId: PgColumn; userId: PgColumn };

/** The school's people: its admin (whose school is their own id) and everyone below them; never the provider. */
const peopleOfSchool = (adminId: string) => sql`(select u.id from users u where u.admin_id = ${adminId})`;

/**
 * The messages a reader sees (policies/communication.ts): staff the school's, a teacher their
 * own and their students', a student their own, a parent their own and their children's.
 * The school's are those to its own people (or to an address of no account): an email or a
 * notice to the provider about the school carries the school's id (the tenant wall lets its
 * transaction write no other), yet it is the provider's mail, not the school's correspondence
 * (docs/decisions/091-everyone-told-through-the-routes.md).
 */

export function logScopeCondition(actor: Actor, t: LogTable): SQL {
  const scope = communicationLogScope(actor);
  if (!scope) throw forbidden();
  const school = eq(t.adminId, actor.adminId!);
  switch (scope) {
    case 'school':
      return and(school, or(isNull(t.userId), inArray(t.userId, peopleOfSchool(actor.adminId!))))!;
    case 'teacher':
      return and(school, or(eq(t.userId, actor.id), inArray(t.userId, studentsOfTeacher(actor.id))))!;
    case 'student':
      return and(school, eq(t.userId, actor.id))!;
    case 'parent':
      return and(school, or(eq(t.userId, actor.id), inArray(t.userId, childrenOfParent(actor.id))))!;
  }
}
