import type { Role } from '../../shared/roles.js';
import type { Actor } from '../lib/actor.js';

/** The facts a login-as decision needs; the service loads them. */
export type LoginAsFacts = {
  actor: Pick<Actor, 'id' | 'role' | 'adminId'>;
  target: { id: string; role: Role; adminId: string | null; status: boolean };
  /** The target is one of the actor's own students (teacher) or children (parent). */
  targetIsOwnStudentOrChild: boolean;
  /** The request itself comes from a login-as session. */
  alreadyActing: boolean;
};

const SUBADMIN_TARGETS: readonly Role[] = ['teacher', 'student', 'parent'];

/**
 * Who may act as whom (docs/domains/accounts.md "Who may do what"): superadmin as anyone but a superadmin; admin as the people
 * of their school; subadmin as its teachers, students and parents; teacher as their own
 * students; parent as their own children. Never as a superadmin, never oneself, never nested.
 */
export function mayLoginAs(f: LoginAsFacts): boolean {
  const { actor, target } = f;
  if (f.alreadyActing || target.role === 'superadmin' || target.id === actor.id || !target.status) return false;
  const sameSchool = actor.adminId !== null && target.adminId === actor.adminId;
  switch (actor.role) {
    case 'superadmin':
      return true;
    case 'admin':
      return sameSchool;
    case 'subadmin':
      return sameSchool && SUBADMIN_TARGETS.includes(target.role);
    case 'teacher':
      return sameSchool && target.role === 'student' && f.targetIsOwnStudentOrChild;
    case 'parent':
      return sameSchool && target.role === 'student' && f.targetIsOwnStudentOrChild;
    default:
      return false;
  }
}

/** Roles that may act as someone at all: one list with the session's permissions (decision 062). */
export { ROLES_THAT_MAY_ACT } from '../../shared/roles.js';
