import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * The ear trainer (issue 17). Pure functions; the services gather the facts.
 * - Exercise sets are the provider's: the superadmin alone writes them.
 * - Training (questions, answers, one's own stats): a student of a school.
 * - A student's ear-training goal: the school's admin and sub-admins for any of its students,
 *   a teacher for their own students only (another student of the school: 403). A student of
 *   another school, or someone who is not a student, is not found (404).
 */
export type EarTrainerDecision = 'allow' | 'forbidden' | 'not-found';
type EarActor = Pick<Actor, 'role' | 'adminId'>;

export const mayWriteSets = (actor: EarActor) => actor.role === 'superadmin';
export const mayTrain = (actor: EarActor) => actor.role === 'student' && actor.adminId !== null;

/** Facts about the student a goal is for: in the actor's school and a student; the actor's own (a teacher's student). */
export type GoalFacts = { isStudentOfSchool: boolean; isOwn: boolean };

export function decideGoal(actor: EarActor, f: GoalFacts): EarTrainerDecision {
  const staff = isSchoolStaff(actor.role) && actor.adminId !== null;
  const teacher = actor.role === 'teacher' && actor.adminId !== null;
  if (!staff && !teacher) return 'forbidden';
  if (!f.isStudentOfSchool) return 'not-found';
  if (staff) return 'allow';
  return f.isOwn ? 'allow' : 'forbidden';
}
