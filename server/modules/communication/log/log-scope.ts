import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { emailMessages } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden } from '../../../lib/http-errors.js';
import { communicationLogScope } from '../../../policies/communication.js';
import { childrenOfParent, studentsOfTeacher } from '../../relations/index.js';

/**
 * The messages a reader sees (policies/communication.ts): staff the school's, a teacher their
 * own and their students', a student their own, a parent their own and their children's.
 */
export function logScopeCondition(actor: Actor): SQL {
  const scope = communicationLogScope(actor);
  if (!scope) throw forbidden();
  const school = eq(emailMessages.adminId, actor.adminId!);
  switch (scope) {
    case 'school':
      return school;
    case 'teacher':
      return and(school, or(eq(emailMessages.userId, actor.id), inArray(emailMessages.userId, studentsOfTeacher(actor.id))))!;
    case 'student':
      return and(school, eq(emailMessages.userId, actor.id))!;
    case 'parent':
      return and(school, or(eq(emailMessages.userId, actor.id), inArray(emailMessages.userId, childrenOfParent(actor.id))))!;
  }
}
