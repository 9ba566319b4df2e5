import { isSchoolStaff, type Role } from '../../shared/roles.js';
import { hasChat } from '../../shared/contracts/chat.js';

/**
 * Who may chat with whom (issue 14). One place, pure functions, a matrix test; the user list's
 * SQL (modules/chat/contacts.ts) reads the same rules.
 *
 * - Parents have no chat (docs/domains/roles-and-navigation.md "What it does": the realtime roles are the other five).
 * - Within a school: staff (admin, sub-admin) with everyone who has chat; a teacher with staff and
 *   their own students; a student with staff and their own teachers. Not teacher with teacher,
 *   nor student with student.
 * - The superadmin with the schools' admins (the owner of each school), and no one else.
 * - Another school's person is not found (404), never "refused": their existence is not told.
 */
export type ChatPerson = { id: string; role: Role; adminId: string | null };

/** The fact the rule needs beyond roles: are these a teacher and one of their students? */
export type ChatFacts = { teacherAndOwnStudent: boolean };

export type ChatDecision = 'allow' | 'forbidden' | 'not-found';

export function decideChat(actor: ChatPerson, other: ChatPerson, facts: ChatFacts): ChatDecision {
  if (actor.role === 'superadmin') {
    if (other.role === 'admin') return 'allow';
    return 'forbidden';
  }
  if (other.role === 'superadmin') return actor.role === 'admin' ? 'allow' : 'not-found';
  if (actor.adminId === null || other.adminId !== actor.adminId) return 'not-found';
  if (other.id === actor.id || !hasChat(actor.role) || !hasChat(other.role)) return 'forbidden';
  if (isSchoolStaff(actor.role) || isSchoolStaff(other.role)) return 'allow';
  const pair = new Set([actor.role, other.role]);
  if (pair.has('teacher') && pair.has('student')) return facts.teacherAndOwnStudent ? 'allow' : 'forbidden';
  return 'forbidden';
}
