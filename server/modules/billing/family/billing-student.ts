import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import type { BillingDecision, StudentFacts } from '../../../policies/billing-family.js';
import { hasParent, ownStudentsOf, payerFactsOf } from '../../relations/index.js';
import { FAMILY_MESSAGES as M } from '../../../../shared/contracts/billing-family.js';

export type BillingStudent = StudentFacts & { adminId: string; firstName: string; lastName: string };

/**
 * A student of the actor's school (row-level security: another school's is simply not there) with
 * what the billing policy needs to know of them, in one query; null when there is no such student.
 */
export async function loadBillingStudent(tx: Tx, actor: Pick<Actor, 'id' | 'role'>, studentId: string): Promise<BillingStudent | null> {
  const payer = payerFactsOf(actor.id, sql`u.id`);
  const { rows } = await tx.execute(sql`
    select u.id, u.admin_id, u.first_name, u.last_name,
      ${payer.hasParent} as has_parent,
      ${payer.isChildOf} as is_child,
      ${payer.pays} as pays,
      (u.id in ${ownStudentsOf(actor)}) as is_own
    from users u where u.id = ${studentId} and u.role = 'student'`);
  const r = rows[0];
  if (!r) return null;
  return {
    studentId: String(r.id),
    adminId: String(r.admin_id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    hasParent: r.has_parent === true,
    isChildOfActor: r.is_child === true,
    actorPays: r.pays === true,
    isTeachersOwn: actor.role === 'teacher' && r.is_own === true,
  };
}

/** Applies a decision: another family's student is as unknown as one that does not exist. */
export function enforce(decision: BillingDecision, notFoundMessage: string = M.studentNotFound): void {
  if (decision === 'not-found') throw notFound(notFoundMessage);
  if (decision === 'forbidden') throw forbidden(M.notThePayer);
}

/** The student the policy allows, or the 404/403 it decides. */
export async function billingStudentFor(
  tx: Tx,
  actor: Pick<Actor, 'id' | 'role'>,
  studentId: string,
  decide: (actor: Pick<Actor, 'id' | 'role'>, facts: StudentFacts) => BillingDecision,
): Promise<BillingStudent> {
  const student = await loadBillingStudent(tx, actor, studentId);
  if (!student) throw notFound(M.studentNotFound);
  enforce(decide(actor, student));
  return student;
}

/** Does the actor have a parent (a student who does not pay for themself)? */
export async function actorHasParent(tx: Tx, actor: Pick<Actor, 'id' | 'role'>): Promise<boolean> {
  if (actor.role !== 'student') return false;
  return hasParent(tx, actor.id);
}
