import type { Actor } from '../lib/actor.js';
import type { Role } from '../../shared/roles.js';

/**
 * Who may do what with quizzes (issue 17, decision 048). One place, pure functions, a matrix test.
 *
 * - Quizzes are the provider's: the superadmin alone writes categories, quizzes and questions, and
 *   alone reads drafts and the correct answers outside a submitted attempt (its preview included).
 * - Students take published quizzes; an attempt is its student's alone (another student's, of the
 *   same school or another, is not found).
 * - Staff read their students' attempts only through the student report (its own reach rule).
 */
export type QuizActor = Pick<Actor, 'id' | 'role' | 'adminId'>;
export type QuizDecision = 'allow' | 'forbidden' | 'not-found';

export const WRITE_ROLES: Role[] = ['superadmin'];
export const TAKE_ROLES: Role[] = ['student'];

export const mayWriteQuizzes = (a: QuizActor) => WRITE_ROLES.includes(a.role);
export const mayTakeQuizzes = (a: QuizActor) => TAKE_ROLES.includes(a.role) && a.adminId !== null;

/** Opening a quiz to take it: only a published one, and only a student. */
export function decideTakeQuiz(a: QuizActor, quiz: { status: string }): QuizDecision {
  if (!mayTakeQuizzes(a)) return 'forbidden';
  return quiz.status === 'published' ? 'allow' : 'not-found';
}

/** Submitting or reading an attempt: its own student's, in their school. */
export function decideOwnAttempt(a: QuizActor, attempt: { studentId: string; adminId: string }): QuizDecision {
  if (!mayTakeQuizzes(a)) return 'forbidden';
  return attempt.studentId === a.id && attempt.adminId === a.adminId ? 'allow' : 'not-found';
}
