import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { storeOrderItems, storeOrders, storeOrderStatusChanges } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, conflict } from '../../lib/http-errors.js';
import { decideUpdateOrder, mayMoveStatus } from '../../policies/store-orders.js';
import { gatewaysOf } from '../../services/payments/gateway-for-school.js';
import { GatewayUnavailableError } from '../../services/payments/gateway.js';
import { ORDER_MESSAGES as M, ORDER_STATUS_LABELS, formatOrderNumber, type OrderStatus } from '../../../shared/contracts/store-orders.js';
import { changeStock, enforce } from '../store/index.js';
import { storeScope, type CheckoutServices } from './checkout.js';
import { tellBuyer } from './order-news.js';
import { REFUNDING, refundRefsOf } from './settle-order.js';
import { orderRow } from './orders.js';
import type { OrderRow } from './presenter.js';

const STILL_CHARGING = 'The payment of this order is still being processed. Please try again in a few minutes.';
const STILL_REFUNDING = 'A refund of this order is being confirmed with the payment processor. Please try again in a few minutes.';

function refuseMove(order: OrderRow, to: OrderStatus): void {
  if (order.paymentStatus === 'charging') throw conflict(STILL_CHARGING);
  if (order.refundTransactionId === REFUNDING) throw conflict(STILL_REFUNDING);
  if (!mayMoveStatus(order.status, to)) throw conflict(M.statusNotAllowed(ORDER_STATUS_LABELS[order.status].toLowerCase(), ORDER_STATUS_LABELS[to].toLowerCase()));
  if (to === 'refunded' && (order.paymentStatus !== 'charged' || !order.transactionId)) throw conflict(M.notCharged);
}

/** The move itself, in the store's scope on the locked row: history, stock back, the buyer told. `by` is null for the reconciliation job. */
export async function applyMove(tx: Tx, by: string | null, from: OrderRow, to: OrderStatus, appUrl: string, refund?: { transactionId: string; cents: number }): Promise<OrderRow> {
  const [moved] = await tx.update(storeOrders).set({
    status: to, updatedAt: new Date(),
    ...(refund ? { refundTransactionId: refund.transactionId, refundedCents: refund.cents } : {}),
  }).where(eq(storeOrders.id, from.id)).returning();
  await tx.insert(storeOrderStatusChanges).values({ adminId: from.adminId, buyerAdminId: from.buyerAdminId, orderId: from.id, fromStatus: from.status, toStatus: to, changedBy: by });
  if (to === 'cancelled' || to === 'refunded') {
    const lines = await tx.select().from(storeOrderItems).where(eq(storeOrderItems.orderId, from.id));
    for (const l of lines) {
      await changeStock(tx, { productId: l.productId, adminId: from.adminId, change: l.quantity, reason: `Order ${formatOrderNumber(from.orderNumber)} ${to}`, by });
    }
  }
  await tellBuyer(tx, moved!, appUrl);
  return moved!;
}

async function lockedOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(storeOrders).where(eq(storeOrders.id, id)).for('update');
  return row!;
}

/**
 * POST /order/updateStatus {orderId, status}: the store's staff (the superadmin for any store) move
 * an order along the allowed transitions. Refunded returns the whole charge through the store's
 * gateway first (outside any transaction, the order marked as refunding so a second click cannot
 * refund twice); cancelled and refunded put the stock back.
 */
export async function updateOrderStatus(db: Database, services: CheckoutServices, actor: Actor, orderId: string, to: OrderStatus): Promise<OrderRow> {
  const seen = await db.transaction(actor.tenant, (tx) => orderRow(tx, orderId));
  enforce(decideUpdateOrder(actor, seen), M.orderNotFound);
  refuseMove(seen, to);
  const appUrl = services.config.appUrl;
  if (to !== 'refunded') {
    return db.transaction(storeScope(seen), async (tx) => {
      const order = await lockedOrder(tx, orderId);
      refuseMove(order, to);
      return applyMove(tx, actor.accountableId, order, to, appUrl);
    });
  }
  const leased = await db.transaction(storeScope(seen), async (tx) => {
    const order = await lockedOrder(tx, orderId);
    refuseMove(order, to);
    if (order.refundTransactionId !== null) throw conflict(STILL_REFUNDING);
    // updated_at marks when the lease began: the reconciliation job asks the gateway once it is stale.
    await tx.update(storeOrders).set({ refundTransactionId: REFUNDING, updatedAt: new Date() }).where(and(eq(storeOrders.id, orderId), isNull(storeOrders.refundTransactionId)));
    return { order, gateway: await (services.gatewayFor ?? gatewaysOf(services.config))(tx, order.adminId) };
  });
  const { order, gateway } = leased;
  const result = await gateway.refund({
    transactionId: order.transactionId!, amountCents: order.grandTotalCents, last4: order.cardLast4 ?? '', ...refundRefsOf(order),
  }).catch((error: unknown) => {
    // Money may or may not have moved: the lease stays, and the office checks the merchant account.
    if (error instanceof GatewayUnavailableError) throw new AppError(503, 'The payment service did not answer. Please check the merchant account before trying again.');
    throw error;
  });
  const done = await db.transaction(storeScope(order), async (tx) => {
    const current = await lockedOrder(tx, orderId);
    if (!result.approved) {
      // Refused: the lease ends with this commit, and the staff may try again.
      await tx.update(storeOrders).set({ refundTransactionId: null, paymentMessage: result.message }).where(eq(storeOrders.id, orderId));
      return null;
    }
    return applyMove(tx, actor.accountableId, current, 'refunded', appUrl, { transactionId: result.transactionId, cents: order.grandTotalCents });
  });
  if (!done) throw new AppError(400, `${M.refundFailed}: ${result.message}`);
  return done;
}
