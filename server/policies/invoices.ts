import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * Who may do what with a school's invoices (issue 11). The office (admin and sub-admin of the
 * school) does everything; a teacher nothing. A family may download its own invoice's PDF: the
 * student billed, the payer, or a parent of the student; another family's is as unknown as a
 * missing one (404), so nobody learns which invoices exist.
 */
export type InvoiceDecision = 'allow' | 'forbidden' | 'not-found';

/** Lists, forms, sending, voiding, recording payments: the office of a school. */
export function mayManageInvoices(actor: Pick<Actor, 'role' | 'adminId'>): boolean {
  return isSchoolStaff(actor.role) && actor.adminId !== null;
}

/** The invoice's PDF: the office, or the family it bills. `parentIds` are the student's parents. */
export function decideInvoiceDownload(
  actor: Pick<Actor, 'id' | 'role' | 'adminId'>,
  invoice: { adminId: string; studentId: string; payerId: string },
  parentIds: readonly string[],
): InvoiceDecision {
  if (actor.adminId !== invoice.adminId) return actor.role === 'superadmin' ? 'forbidden' : 'not-found';
  if (mayManageInvoices(actor)) return 'allow';
  if (actor.role === 'student') return actor.id === invoice.studentId || actor.id === invoice.payerId ? 'allow' : 'not-found';
  if (actor.role === 'parent') return actor.id === invoice.payerId || parentIds.includes(actor.id) ? 'allow' : 'not-found';
  return 'forbidden';
}
