import type { AuthUser } from './auth-user.js';
import { memberReach, type decideMember, type MemberAction, type MemberActor, type MemberKind, type Reach } from '../policies/members.js';
import { forbidden, notFound } from './http-errors.js';

/**
 * Who acts, as the members policy sees them: the signed-in user, or in login-as the person
 * acted as (their role decides, spec section 1). `recordedId` is whom Recent activities names:
 * the real person behind a login-as session, so a change is never credited to someone who did
 * not make it.
 */
export type Acting = MemberActor & { recordedId: string; ip: string | null };

/** `auth` is the request's (plugins/auth.ts RequestAuth); lib/ does not import the plugin. */
export function actingOf(auth: { user: AuthUser; actor: AuthUser | null }, ip: string | null = null): Acting {
  const { user, actor } = auth;
  return { id: user.id, role: user.role as MemberActor['role'], adminId: user.adminId, addrole: user.addrole, recordedId: actor?.id ?? user.id, ip };
}

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
