import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * A school's billing settings (currency, default due days, late fee): its admin reads and saves
 * them; a sub-admin reads them, as they make invoices by them; nobody else sees them (the
 * superadmin acts on a school's settings through login-as).
 */
export function mayReadBillingSettings(actor: Pick<Actor, 'role' | 'adminId'>): boolean {
  return isSchoolStaff(actor.role) && actor.adminId !== null;
}

export function mayEditBillingSettings(actor: Pick<Actor, 'role' | 'adminId'>): boolean {
  return actor.role === 'admin' && actor.adminId !== null;
}
