import type { Actor } from '../lib/actor.js';
import { memberReachOf, type MemberReach } from './member-reach.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * Group email and the communication log (issue 14). One place, pure functions, a matrix test.
 *
 * - Group email: the school's admin and sub-admins write to any of the school's people.
 * - The communication log: staff read the school's; a teacher their students' and their own; a
 *   student their own; a parent their own and their children's. The superadmin has no school log.
 *   A message outside the reader's reach is not found (404), as another school's: the log's
 *   query reads only within the scope (communication/log/log-scope.ts).
 */
type CommunicationActor = Pick<Actor, 'role' | 'adminId'>;

export type LogScope = MemberReach;

export const maySendGroupEmail = (actor: CommunicationActor) => isSchoolStaff(actor.role) && actor.adminId !== null;

/** Whose messages the reader sees, or null when they have no log at all (403). */
export function communicationLogScope(actor: CommunicationActor): LogScope | null {
  return actor.adminId === null ? null : memberReachOf(actor.role);
}
