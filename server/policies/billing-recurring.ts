import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * Recurring invoices are the office's: a school's admin and sub-admins list, make, change, pause
 * and delete them (the route table gives both /studentbilling/recuringInvoice). Nobody else does;
 * the superadmin acts on a school through login-as.
 */
export function mayManageRecurring(actor: Pick<Actor, 'role' | 'adminId'>): boolean {
  return isSchoolStaff(actor.role) && actor.adminId !== null;
}
