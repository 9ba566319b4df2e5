import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * Who may move a school's money back (issue 11): the school's office, its admin and sub-admins.
 * Teachers, families and the superadmin may not refund (the superadmin reads reports, the
 * school owns its merchant account). Another school's payment is simply not found (row-level security).
 */
export function mayRefundPayments(actor: Pick<Actor, 'role' | 'adminId'>): boolean {
  return isSchoolStaff(actor.role) && actor.adminId !== null;
}
