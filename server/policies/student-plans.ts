import type { Actor } from '../lib/actor.js';
import type { BillingDecision, StudentFacts } from './billing-family.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * A school's plans for its students (issue 12). One place, pure functions, a matrix test.
 *
 * - Plan Builder: the school's admin and sub-admins make, change and delete plans.
 * - Group plans (tied to a class/group) and approving requests: the admin alone (docs/domains/plans.md "Who may do what").
 * - Families ask: a student for themself, a parent for a child. Staff and teachers never ask (403);
 *   another family's student is not found (404).
 * - Cancelling: whoever may ask for the student, and the school's admin.
 * - Everyone of the school (families included) reads the school's plans.
 */
type PlanActor = Pick<Actor, 'role' | 'adminId'>;
/** Asking needs no payer: the student themself or their parent asks. */
type FamilyFacts = Omit<StudentFacts, 'actorPays'>;

export const mayBuildPlans = (actor: PlanActor) => isSchoolStaff(actor.role) && actor.adminId !== null;
export const mayManageGroupPlans = (actor: PlanActor) => actor.role === 'admin' && actor.adminId !== null;
export const mayApprovePlans = (actor: PlanActor) => actor.role === 'admin' && actor.adminId !== null;
export const mayReadPlans = (actor: PlanActor) => actor.adminId !== null && actor.role !== 'superadmin';

/** Asking for a plan for this student. */
export function decideAskPlan(actor: Pick<Actor, 'id' | 'role'>, f: FamilyFacts): BillingDecision {
  if (actor.role === 'student') return f.studentId === actor.id ? 'allow' : 'not-found';
  if (actor.role === 'parent') return f.isChildOfActor ? 'allow' : 'not-found';
  return 'forbidden';
}

/** Cancelling this student's plan: the family that may ask for it, or the school's admin. */
export function decideCancelPlan(actor: Pick<Actor, 'id' | 'role'>, f: FamilyFacts): BillingDecision {
  if (actor.role === 'admin') return 'allow';
  return decideAskPlan(actor, f);
}
