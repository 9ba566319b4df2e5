import type { Actor } from '../lib/actor.js';

/**
 * Whose payments a person may read in the payments report and its details (issue 11):
 *   - the superadmin: every school, or the one they name;
 *   - an admin or sub-admin: their school;
 *   - a teacher: their students' (relations module, decision 016);
 *   - a student: their own; a parent: their children's.
 * Naming another school is answered like a school that does not exist.
 */
export type PaymentReportScope =
  | { kind: 'all' }
  | { kind: 'school'; adminId: string }
  | { kind: 'teacher'; adminId: string }
  | { kind: 'family'; adminId: string };

export type PaymentReportDecision = { kind: 'allow'; scope: PaymentReportScope } | { kind: 'not-found' } | { kind: 'forbidden' };

export function decidePaymentReport(actor: Pick<Actor, 'role' | 'adminId'>, requestedAdminId: string | undefined): PaymentReportDecision {
  if (actor.role === 'superadmin') return { kind: 'allow', scope: requestedAdminId ? { kind: 'school', adminId: requestedAdminId } : { kind: 'all' } };
  if (!actor.adminId) return { kind: 'forbidden' };
  if (requestedAdminId && requestedAdminId !== actor.adminId) return { kind: 'not-found' };
  const adminId = actor.adminId;
  switch (actor.role) {
    case 'admin':
    case 'subadmin':
      return { kind: 'allow', scope: { kind: 'school', adminId } };
    case 'teacher':
      return { kind: 'allow', scope: { kind: 'teacher', adminId } };
    case 'student':
    case 'parent':
      return { kind: 'allow', scope: { kind: 'family', adminId } };
    default:
      return { kind: 'forbidden' };
  }
}
