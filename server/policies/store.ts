import type { Actor } from '../lib/actor.js';
import { type Role, STAFF_OR_PROVIDER_ROLES } from '../../shared/roles.js';
import { STORE_BROWSE_ROLES, STORE_LISTING_ROLES, STORE_SELLER_ROLES, STORE_STOCK_ROLES } from '../../shared/contracts/store.js';
import { STORE_WIDGET_ROLES } from '../../shared/contracts/store-widget.js';

/**
 * Who may do what in the store (issue 16, docs/domains/store.md "Screens and routes", "Who may do what"). One place, pure functions, a
 * matrix test.
 *
 * - A store is a school's (its admin and sub-admins keep its items and categories; only the admin
 *   adjusts stock: Inventory is "admin alone") or the provider's (the superadmin keeps its items,
 *   stock and sellers).
 * - Product Listing is read by the store's keepers and by a teacher, who sees their school's items
 *   and changes none of them (decision 090).
 * - Browsing (/store): every role whose route table has it: superadmin, admin, subadmin, teacher,
 *   student. Parents have no store.
 * - A school without showStore (its plan, or the superadmin's switch) has no store at all: every
 *   store call of its people answers 403. The superadmin's store is always open.
 * - An item of another school is not found (404); a provider item a school may read but not
 *   change is forbidden (403), and a school's item is not the superadmin's to change (404).
 */
export type StoreActor = Pick<Actor, 'id' | 'role' | 'adminId'> & { user: { showStore: boolean } };
export type ProductFacts = { adminId: string; provider: boolean };
export type StoreDecision = 'allow' | 'forbidden' | 'not-found';

/** The lists the store's route contracts guard with (shared/contracts/store.ts, store-widget.ts): one list, one place (issue 24). */
export const BROWSE_ROLES: readonly Role[] = STORE_BROWSE_ROLES;
export const MANAGE_ROLES: readonly Role[] = STAFF_OR_PROVIDER_ROLES;
export const LISTING_ROLES: readonly Role[] = STORE_LISTING_ROLES;
export const STOCK_ROLES: readonly Role[] = STORE_STOCK_ROLES;
export const SELLER_ROLES: readonly Role[] = STORE_SELLER_ROLES;
/** Store builder and store widget: "Admin alone" (docs/domains/store.md "Who may do what"; the sub-admin's route table lacks them). */
export const WIDGET_ROLES: readonly Role[] = STORE_WIDGET_ROLES;

/** Whose store the actor keeps: the school's, or the provider's (the superadmin's own id). */
export function storeOwnerOf(a: StoreActor): string | null {
  if (a.role === 'superadmin') return a.id;
  return MANAGE_ROLES.includes(a.role) ? a.adminId : null;
}

/** Whether the actor's school has the store; the provider always does. */
export const storeOpenFor = (a: StoreActor) => a.role === 'superadmin' || (a.adminId !== null && a.user.showStore);

export const mayBrowse = (a: StoreActor) => BROWSE_ROLES.includes(a.role) && storeOpenFor(a);
export const mayManageProducts = (a: StoreActor) => MANAGE_ROLES.includes(a.role) && storeOpenFor(a) && storeOwnerOf(a) !== null;
export const mayAdjustStock = (a: StoreActor) => STOCK_ROLES.includes(a.role) && mayManageProducts(a);
export const mayManageSellers = (a: StoreActor) => SELLER_ROLES.includes(a.role);
export const mayBuildStoreWidget = (a: StoreActor) => WIDGET_ROLES.includes(a.role) && storeOpenFor(a);

/**
 * Whose items Product Listing shows the actor: the store they keep, or, for a reader (a teacher),
 * their school's; null when it shows them nothing.
 */
export function listedStoreOf(a: StoreActor): { adminId: string; provider: boolean } | null {
  if (!LISTING_ROLES.includes(a.role) || !storeOpenFor(a)) return null;
  if (mayManageProducts(a)) return { adminId: storeOwnerOf(a)!, provider: a.role === 'superadmin' };
  return a.adminId === null ? null : { adminId: a.adminId, provider: false };
}

/** Opening an item's page: the school's own items and the provider's. */
export function decideViewProduct(a: StoreActor, p: ProductFacts): StoreDecision {
  if (!mayBrowse(a)) return 'forbidden';
  if (p.provider) return 'allow';
  return a.role !== 'superadmin' && p.adminId === a.adminId ? 'allow' : 'not-found';
}

/** Changing an item, its stock or its image: only in the store the actor keeps. */
export function decideManageProduct(a: StoreActor, p: ProductFacts): StoreDecision {
  const view = decideViewProduct(a, p);
  if (view !== 'allow') return view;
  if (!mayManageProducts(a)) return 'forbidden';
  return p.adminId === storeOwnerOf(a) && p.provider === (a.role === 'superadmin') ? 'allow' : 'forbidden';
}

export function decideAdjustStock(a: StoreActor, p: ProductFacts): StoreDecision {
  const manage = decideManageProduct(a, p);
  if (manage !== 'allow') return manage;
  return mayAdjustStock(a) ? 'allow' : 'forbidden';
}
