import { memberReach, type decideMember, type MemberAction, type MemberActor, type MemberKind, type Reach } from '../policies/members.js';
import { forbidden, notFound } from './http-errors.js';

/** Turns a policy decision into the answer: 404 hides another school's record, 403 refuses. */
export function enforce(decision: ReturnType<typeof decideMember>, notFoundMessage: string): void {
  if (decision === 'not-found') throw notFound(notFoundMessage);
  if (decision === 'forbidden') throw forbidden();
}

/** Function level: how far the actor may take this action on this kind, or 403. */
export function requireReach(actor: MemberActor, action: MemberAction, kind: MemberKind): Reach {
  const reach = memberReach(actor, action, kind);
  if (!reach) throw forbidden();
  return reach;
}

/** An admin with addrole Private teacher: the one teacher of their school. */
export const isPrivateTeacher = (actor: MemberActor) => actor.role === 'admin' && actor.addrole === 'Private teacher';
