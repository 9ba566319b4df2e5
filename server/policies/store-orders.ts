import { ORDER_TRANSITIONS, STORE_BUYER_ROLES, type OrderInvoiceKind, type OrderStatus } from '../../shared/contracts/store-orders.js';
import { type Role, STAFF_OR_PROVIDER_ROLES } from '../../shared/roles.js';
import { MANAGE_ROLES, STOCK_ROLES, storeOpenFor, type StoreActor, type StoreDecision } from './store.js';

/**
 * Who may buy and who may see and move an order (issue 16, decision 046). Pure functions, a matrix test.
 *
 * - Buying (cart, address, checkout): every role that browses the store, less the superadmin (the
 *   provider buys from no store), and only where the school has the store.
 * - An order is seen by its buyer, by its store's staff (a school's admin and sub-admins for the
 *   school's store) and by the superadmin (every order). Anyone else: not found.
 * - Its status is moved by the store's staff and the superadmin, never by the buyer as buyer.
 * - The tax rate is the store owner's: the school's admin, the superadmin for the provider's.
 */
/** The lists the routes' contracts guard with (shared/contracts/store-orders.ts): one list, one place (issue 24). */
export const BUYER_ROLES: readonly Role[] = STORE_BUYER_ROLES;
export const ORDER_LIST_ROLES: readonly Role[] = STAFF_OR_PROVIDER_ROLES;
export const TAX_ROLES: readonly Role[] = STOCK_ROLES;

export type OrderFacts = { adminId: string; provider: boolean; userId: string };

export const mayBuy = (a: StoreActor) => BUYER_ROLES.includes(a.role) && storeOpenFor(a);
export const mayListStoreOrders = (a: StoreActor) => ORDER_LIST_ROLES.includes(a.role) && storeOpenFor(a);
export const maySetTaxRate = (a: StoreActor) => TAX_ROLES.includes(a.role) && storeOpenFor(a);

/** The store's staff: a school's keepers for its own store; the superadmin for every store. */
function keepsStoreOf(a: StoreActor, o: OrderFacts): boolean {
  if (a.role === 'superadmin') return true;
  return MANAGE_ROLES.includes(a.role) && !o.provider && o.adminId === a.adminId && storeOpenFor(a);
}

export function decideViewOrder(a: StoreActor, o: OrderFacts): StoreDecision {
  if (o.userId === a.id || keepsStoreOf(a, o)) return 'allow';
  return 'not-found';
}

export function decideUpdateOrder(a: StoreActor, o: OrderFacts): StoreDecision {
  const view = decideViewOrder(a, o);
  if (view !== 'allow') return view;
  return keepsStoreOf(a, o) ? 'allow' : 'forbidden';
}

/**
 * The printable invoices an order's viewer is offered: the customer invoice to everyone who may
 * open the order; the vendor invoice to the store's staff and the superadmin. An admin who bought
 * from the provider is that order's buyer and gets the customer invoice only.
 */
export function invoicesOffered(a: StoreActor, o: OrderFacts): OrderInvoiceKind[] {
  return a.role === 'superadmin' || o.userId !== a.id ? ['customer', 'vendor'] : ['customer'];
}

/** The statuses an order may move to from where it is (decision 046). */
export const nextStatusesOf = (from: OrderStatus): readonly OrderStatus[] => ORDER_TRANSITIONS[from];
export const mayMoveStatus = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);
