import { isSchoolStaff, type Role } from '../../shared/roles.js';
import { hasChat } from '../../shared/contracts/chat.js';

/**
 * Who may chat with whom (issue 14; parents since issue 28, decision 081). One place, pure
 * functions, a matrix test; the user list's SQL (modules/chat/contacts.ts) reads the same rules.
 *
 * - Within a school: staff (admin, sub-admin) with everyone who has chat, parents included; a
 *   teacher with staff, their own students and those students' parents; a student with staff and
 *   their own teachers; a parent with staff and their children's teachers. Not teacher with
 *   teacher, student with student, parent with parent, nor a student with a parent.
 * - The superadmin with the schools' admins (the owner of each school), and no one else.
 * - Another school's person is not found (404), never "refused": their existence is not told.
 */
export type ChatPerson = { id: string; role: Role; adminId: string | null };

/**
 * The fact the rule needs beyond roles: does the teacher of the pair teach the other (their own
 * student), or one of the other's children (a parent)? Read at each call from the relations
 * module, never kept: a parent unlinked from a child loses that child's teachers at once.
 */
export type ChatFacts = { teaches: boolean };

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
  if (pair.has('teacher') && (pair.has('student') || pair.has('parent'))) return facts.teaches ? 'allow' : 'forbidden';
  return 'forbidden';
}
