import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database, TenantScope, Tx } from '../../db/client.js';
import { paymentCustomers, savedCards, storeOrderItems, storeOrders, storeOrderStatusChanges } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/http-errors.js';
import { cardSummaryOf } from '../../services/payments/card-summary.js';
import { gatewaysOf, type GatewayFor } from '../../services/payments/gateway-for-school.js';
import { callThenRecord, CHARGE_ONCE, claimPending } from '../../services/payments/charge-once.js';
import type { CardDetails, GatewayResult, PaymentGateway } from '../../services/payments/gateway.js';
import { PAYMENT_MESSAGES } from '../../../shared/contracts/billing-payments.js';
import { ORDER_MESSAGES as M, formatOrderNumber, type addToOrderBody } from '../../../shared/contracts/store-orders.js';
import { changeStock } from '../store/index.js';
import { addressOf, type AddressRow } from './addresses.js';
import { assertBuyer, cartRows, loadCart } from './cart.js';
import type { OrderRow } from './presenter.js';
import { chargeRefsOf, finishPaid, ORDER_ROWS, settleCharge } from './settle-order.js';
import { lineAmountCents, lineShippingCents, orderTotalsOf } from '../../../shared/money.js';
import { takeOrderNumber } from './totals.js';

/**
 * Checkout (decision 046, on decision 030's charging once):
 *   0. in the buyer's scope: a key seen before answers its order; the cart, the kept address and a saved card;
 *   A. in the store's scope (the provider's for its store), one transaction: the order number, the
 *      order with its lines copied from the items, and the stock taken through changeStock. Any
 *      item short rolls all of it back: 409 naming the item, nothing charged;
 *   B. the gateway, outside any transaction;
 *   C. in the store's scope: approved makes the order paid and empties those cart lines; declined
 *      gives the stock back and leaves the cart; no answer leaves the order 'charging' (503).
 */
export type CheckoutServices = { config: Config; gatewayFor?: GatewayFor };

export type CheckoutOutcome = { order: OrderRow; replayed: boolean };

/** A store's own scope: the school's, or every school's for the provider's store (its rows are the provider's). */
export const storeScope = (o: { adminId: string; provider: boolean }): TenantScope => (o.provider ? { kind: 'all' } : { kind: 'school', adminId: o.adminId });

type SavedCardRef = { brand: string; last4: string; gateway: string; testMode: boolean; customerProfileId: string; customerPaymentProfileId: string };
type Input = z.output<typeof addToOrderBody>;

/** An attempt of this key already ended (or is under way): its answer, never a second charge. */
function answerOfEarlier(order: OrderRow): CheckoutOutcome {
  if (order.paymentStatus === 'declined') throw badRequest(order.paymentMessage || M.declined);
  if (order.paymentStatus === 'charging') throw new AppError(503, M.chargeUnknown);
  return { order, replayed: true };
}

class KeyTaken extends Error {}

const cardOf = (input: Input): CardDetails => {
  const [year, month] = (input.expDate ?? '').split('-');
  return { number: input.cardNo ?? '', expMonth: Number(month), expYear: Number(year), code: input.cardCode ?? '' };
};

async function savedCardOf(tx: Tx, actor: Actor, cardId: string): Promise<SavedCardRef> {
  const [row] = await tx.select({ card: savedCards, customer: paymentCustomers }).from(savedCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.id, savedCards.customerId))
    .where(and(eq(savedCards.id, cardId), eq(savedCards.ownerId, actor.id), isNull(savedCards.removedAt))).limit(1);
  if (!row) throw notFound(M.cardNotFound);
  return {
    brand: row.card.brand, last4: row.card.last4, gateway: row.customer.gateway, testMode: row.customer.testMode,
    customerProfileId: row.customer.customerProfileId, customerPaymentProfileId: row.card.customerPaymentProfileId,
  };
}

async function earlierAttempt(db: Database, actor: Actor, key: string): Promise<OrderRow | undefined> {
  return db.transaction(actor.tenant, async (tx) => {
    const [row] = await tx.select().from(storeOrders).where(and(eq(storeOrders.userId, actor.id), eq(storeOrders.idempotencyKey, key)));
    return row;
  });
}

type Begun = { order: OrderRow; gateway: PaymentGateway; address: AddressRow; saved: SavedCardRef | null };

/** Step A: the order, its lines and the stock, in one transaction of the store's scope. */
async function beginOrder(
  db: Database, gatewayFor: GatewayFor, actor: Actor, input: Input, store: { adminId: string; provider: boolean }, address: AddressRow, saved: SavedCardRef | null, appUrl: string,
): Promise<Begun> {
  return db.transaction(storeScope(store), async (tx) => {
    const gateway = await gatewayFor(tx, store.adminId);
    if (saved && (saved.gateway !== gateway.name || saved.testMode !== gateway.testMode)) throw conflict(PAYMENT_MESSAGES.cardOtherGateway);
    const rows = (await cartRows(tx, actor.id)).filter((r) => r.product.adminId === store.adminId && r.product.provider === store.provider);
    if (rows.length === 0) throw badRequest(M.cartEmpty);
    const { number, taxRateBp } = await takeOrderNumber(tx, store.adminId, store.provider);
    const totals = orderTotalsOf(rows.map((r) => ({ ...r.product, quantity: r.quantity })), taxRateBp);
    const card = saved ?? cardSummaryOf(cardOf(input));
    const free = totals.grandTotalCents === 0;
    const order = await claimPending<OrderRow>(tx, ORDER_ROWS, {
      adminId: store.adminId, provider: store.provider, orderNumber: number, userId: actor.id, buyerAdminId: actor.adminId!, addressId: address.id,
      firstName: address.firstName, lastName: address.lastName, address1: address.address1, address2: address.address2, city: address.city,
      state: address.state, postalCode: address.postalCode, country: address.country, phone: address.phone, email: address.email,
      ...totals, status: 'pending', paymentStatus: free ? 'none' : 'charging', idempotencyKey: input.idempotencyKey,
      gateway: gateway.name, testMode: gateway.testMode, cardBrand: free ? null : card.brand, cardLast4: free ? null : card.last4,
      customerProfileId: saved?.customerProfileId ?? null, customerPaymentProfileId: saved?.customerPaymentProfileId ?? null,
    });
    // The same key committed by a concurrent request while this one waited: roll this back (its number too).
    if (!order) throw new KeyTaken();
    // In one order of rows for every buyer, so two carts never wait on each other's locks crosswise.
    for (const r of [...rows].sort((a, b) => a.product.id.localeCompare(b.product.id))) {
      const left = r.product.archivedAt ? null
        : await changeStock(tx, { productId: r.product.id, adminId: r.product.adminId, change: -r.quantity, reason: `Order ${formatOrderNumber(number)}`, by: actor.accountableId });
      if (left === null) throw conflict(M.outOfStock(r.product.itemName));
    }
    await tx.insert(storeOrderItems).values(rows.map((r) => ({
      adminId: store.adminId, buyerAdminId: actor.adminId!, orderId: order.id, productId: r.product.id, sellerId: r.product.sellerId,
      itemName: r.product.itemName, itemCode: r.product.itemCode, unitPriceCents: r.product.priceCents, quantity: r.quantity,
      lineTotalCents: lineAmountCents(r.quantity, r.product.priceCents), taxApplicable: r.product.taxApplicable, shippingCents: lineShippingCents(r.product.shippingCents, r.quantity),
    })));
    await tx.insert(storeOrderStatusChanges).values({ adminId: store.adminId, buyerAdminId: actor.adminId!, orderId: order.id, fromStatus: null, toStatus: 'pending', changedBy: actor.accountableId });
    // Nothing to charge (every item free): paid at once, no gateway.
    return { order: free ? await finishPaid(tx, order, actor.accountableId, null, appUrl) : order, gateway, address, saved };
  });
}

/** Step B: the saved card's profile, or the card typed. */
async function charge(b: Begun, input: Input): Promise<GatewayResult> {
  const a = b.address;
  const request = {
    amountCents: b.order.grandTotalCents,
    currency: b.order.currency,
    ...chargeRefsOf(b.order),
    description: `Store order ${formatOrderNumber(b.order.orderNumber)}`,
    duplicateWindowSeconds: CHARGE_ONCE.duplicateWindowSeconds,
    customerEmail: a.email,
  };
  const saved = b.saved;
  if (saved) return b.gateway.chargeProfile({ ...request, customerProfileId: saved.customerProfileId, customerPaymentProfileId: saved.customerPaymentProfileId });
  const billTo = { firstName: a.firstName, lastName: a.lastName, address: a.address1, city: a.city, state: a.state, zip: a.postalCode, country: a.country, email: a.email, phone: a.phone };
  return b.gateway.chargeCard({ ...request, card: cardOf(input), billTo });
}

/** Step C: the answer recorded once (the core's conditional update out of 'charging'); no answer, or one recorded first, reads the order again. */
async function recordOutcome(db: Database, b: Begun, actor: Actor, result: GatewayResult | null, appUrl: string): Promise<OrderRow> {
  return db.transaction(storeScope(b.order), async (tx) => {
    const settled = result ? await settleCharge(tx, b.order, actor.accountableId, result, appUrl) : null;
    if (settled) return settled;
    const [order] = await tx.select().from(storeOrders).where(eq(storeOrders.id, b.order.id));
    return order ?? b.order;
  });
}

/** POST /order/addtoOrder: the caller's cart as one order of its store, charged once. */
export async function placeOrder(db: Database, services: CheckoutServices, actor: Actor, input: Input): Promise<CheckoutOutcome> {
  assertBuyer(actor);
  const earlier = await earlierAttempt(db, actor, input.idempotencyKey);
  if (earlier) return answerOfEarlier(earlier);
  const pre = await db.transaction(actor.tenant, async (tx) => {
    // The card first: another person's card is a 404 whatever the cart holds.
    const saved = input.cardId ? await savedCardOf(tx, actor, input.cardId) : null;
    const cart = await loadCart(tx, actor.id);
    if (cart.storeAdminId === null) throw badRequest(M.cartEmpty);
    const address = await addressOf(tx, actor.id);
    if (!address) throw fieldError('address', M.addressMissing);
    if (saved && cart.provider) throw fieldError('cardId', M.savedCardProvider);
    return { store: { adminId: cart.storeAdminId, provider: cart.provider }, address, saved };
  });
  let begun: Begun;
  try {
    begun = await beginOrder(db, services.gatewayFor ?? gatewaysOf(services.config), actor, input, pre.store, pre.address, pre.saved, services.config.appUrl);
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const taken = await earlierAttempt(db, actor, input.idempotencyKey);
    if (!taken) throw error;
    return answerOfEarlier(taken);
  }
  if (begun.order.paymentStatus === 'none') return { order: begun.order, replayed: false };
  // An unknown answer leaves the order 'charging' (read again, in case reconciliation was quicker).
  const order = await callThenRecord(begun, {
    call: (b) => charge(b, input),
    record: (b, result) => recordOutcome(db, b, actor, result, services.config.appUrl),
    unknown: (b) => recordOutcome(db, b, actor, null, services.config.appUrl),
  });
  if (order.paymentStatus === 'declined') throw badRequest(order.paymentMessage || M.declined);
  if (order.paymentStatus === 'charging') throw new AppError(503, M.chargeUnknown);
  return { order, replayed: false };
}
