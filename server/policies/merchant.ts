import type { Actor } from '../lib/actor.js';

/**
 * Whose merchant information a person may see and save: the superadmin any school's (named by
 * adminId), a school's admin (a private teacher too) their own school's only; nobody else.
 * Another school named by an admin is answered like a missing one.
 */
export type MerchantDecision =
  | { kind: 'allow'; adminId: string }
  | { kind: 'school-required' }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

export function decideMerchant(actor: Pick<Actor, 'role' | 'adminId'>, requestedAdminId: string | undefined): MerchantDecision {
  if (actor.role === 'superadmin') return requestedAdminId ? { kind: 'allow', adminId: requestedAdminId } : { kind: 'school-required' };
  if (actor.role !== 'admin' || !actor.adminId) return { kind: 'forbidden' };
  if (requestedAdminId && requestedAdminId !== actor.adminId) return { kind: 'not-found' };
  return { kind: 'allow', adminId: actor.adminId };
}
