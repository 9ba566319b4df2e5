import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * Practice (issue 13): who assigns practice, who reads whose practice, who runs a timer, who
 * keeps favourite songs. Pure functions; the services gather the facts.
 *
 * - Assigning, changing, deleting: the school's admin and sub-admins (any student of the school),
 *   and teachers (docs/domains/learning.md "Who may do what"), who assign only to their own students and classes/groups and
 *   change only what they assigned.
 * - Reading a student's practice (assignments, report): staff of the school, the student's
 *   teachers, their parents, the student. Anyone else is told the student does not exist (404).
 * - Ticking an item complete and the timer: the student themself (staff acting as a student are
 *   the student: their role is). The superadmin has no practice.
 * - Favourite songs: a student's own.
 */
export type PracticeDecision = 'allow' | 'forbidden' | 'not-found';
type PracticeActor = Pick<Actor, 'role' | 'adminId'>;

// Staff is shared/roles.ts's predicate, the school added (decision 057); the decisions below ask
// mayAssignPractice or mayReadPractice first, which need the school, so they ask the predicate alone.
export const mayAssignPractice = (actor: PracticeActor) => (isSchoolStaff(actor.role) || actor.role === 'teacher') && actor.adminId !== null;

/** Reading practice at all (lists, counts, the report): everyone of a school. */
export const mayReadPractice = (actor: PracticeActor) => actor.adminId !== null && actor.role !== 'superadmin';

export const mayUseTimer = (actor: PracticeActor) => actor.role === 'student' && actor.adminId !== null;

export const mayKeepFavourites = mayUseTimer;

/** Facts about one student, from the actor's school (a student of another school is never found). */
export type StudentFacts = { studentId: string; inSchool: boolean; isOwn: boolean };

/** Reading this student's practice. isOwn: a teacher's student, a parent's child, oneself. */
export function decideReadStudent(actor: PracticeActor & Pick<Actor, 'id'>, f: StudentFacts): PracticeDecision {
  if (!mayReadPractice(actor)) return 'forbidden';
  if (!f.inSchool) return 'not-found';
  if (isSchoolStaff(actor.role)) return 'allow';
  if (actor.role === 'student') return f.studentId === actor.id ? 'allow' : 'not-found';
  return f.isOwn ? 'allow' : 'not-found';
}

/** Assigning practice to this student (or a class/group: isOwn then means the teacher's group). */
export function decideAssignTo(actor: PracticeActor, f: Omit<StudentFacts, 'studentId'>): PracticeDecision {
  if (!mayAssignPractice(actor)) return 'forbidden';
  if (!f.inSchool) return 'not-found';
  if (isSchoolStaff(actor.role)) return 'allow';
  return f.isOwn ? 'allow' : 'forbidden';
}

/** Facts about an assignment of the actor's school. */
export type AssignmentFacts = { createdByActor: boolean; hasOwnStudent: boolean };

/** Seeing an assignment: staff all, a teacher theirs or their students', a family their own. */
export function decideViewAssignment(actor: PracticeActor, f: AssignmentFacts): PracticeDecision {
  if (!mayReadPractice(actor)) return 'forbidden';
  if (isSchoolStaff(actor.role)) return 'allow';
  return f.createdByActor || f.hasOwnStudent ? 'allow' : 'not-found';
}

/** Changing or deleting an assignment: staff any, a teacher what they assigned. */
export function decideEditAssignment(actor: PracticeActor, f: AssignmentFacts): PracticeDecision {
  if (!mayAssignPractice(actor)) return 'forbidden';
  if (isSchoolStaff(actor.role) || f.createdByActor) return 'allow';
  return f.hasOwnStudent ? 'forbidden' : 'not-found';
}

/** Ticking an item: the student it was assigned to, nobody else (a teacher sees the ticks). */
export function decideCompleteItem(actor: PracticeActor, f: { assignedToActor: boolean }): PracticeDecision {
  if (actor.role !== 'student') return 'forbidden';
  return f.assignedToActor ? 'allow' : 'not-found';
}

/** The timer of this student: their own only. */
export function decideTimer(actor: PracticeActor & Pick<Actor, 'id'>, studentId: string): PracticeDecision {
  if (!mayUseTimer(actor)) return 'forbidden';
  return studentId === actor.id ? 'allow' : 'not-found';
}
