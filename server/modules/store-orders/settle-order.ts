import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeOrderItems, storeOrders, storeOrderStatusChanges } from '../../db/schema/index.js';
import { ORDER_MESSAGES as M, formatOrderNumber } from '../../../shared/contracts/store-orders.js';
import type { GatewayResult } from '../../services/payments/gateway.js';
import { settlePending, type PendingRows } from '../../services/payments/charge-once.js';
import { changeStock, removeCartLines } from '../store/index.js';
import { tellBuyer, tellSeller } from './order-news.js';
import type { OrderRow } from './order-row.js';

/**
 * How a charge attempt of an order ends, shared by checkout's step C and the reconciliation job
 * (decision 053), so an order settled minutes later is settled exactly as at checkout. `by` is
 * who the history and the stock rows name: the buyer, whose checkout it was.
 */

/** The store's pending rows for the charge-once core (decision 070): an order 'charging', claimed once per buyer and key. */
export const ORDER_ROWS: PendingRows = {
  table: storeOrders, id: storeOrders.id, status: storeOrders.paymentStatus, pending: 'charging', key: [storeOrders.userId, storeOrders.idempotencyKey],
};

/** Marks a refund under way (decision 030's lease): no other move of the order until it ends (reconciled by decision 053's job). */
export const REFUNDING = 'refunding';

/** What the gateway knows a charge of the order by: checkout sends these, reconciliation asks by them. */
export const chargeRefsOf = (o: Pick<OrderRow, 'id' | 'orderNumber'>) => ({ invoiceNumber: `ORDER-${o.orderNumber}`, idempotencyKey: `store-order:${o.id}` });
/** A refund's own key (its refId at Authorize.Net), under the same invoice number as its charge. */
export const refundRefsOf = (o: Pick<OrderRow, 'id' | 'orderNumber'>) => ({ invoiceNumber: `ORDER-${o.orderNumber}`, idempotencyKey: `store-refund:${o.id}` });

/** A paid order: its history line, the bought lines out of the cart, the buyer and the seller told. */
export async function finishPaid(tx: Tx, order: OrderRow, by: string | null, result: GatewayResult | null, appUrl: string): Promise<OrderRow> {
  const [paid] = await tx.update(storeOrders).set({
    status: 'paid', paymentStatus: result ? 'charged' : 'none', transactionId: result?.transactionId ?? null, paymentMessage: result?.message ?? '',
    paidAt: new Date(), updatedAt: new Date(),
  }).where(eq(storeOrders.id, order.id)).returning();
  await tx.insert(storeOrderStatusChanges).values({ adminId: order.adminId, buyerAdminId: order.buyerAdminId, orderId: order.id, fromStatus: 'pending', toStatus: 'paid', changedBy: by });
  const bought = await tx.select({ productId: storeOrderItems.productId }).from(storeOrderItems).where(eq(storeOrderItems.orderId, order.id));
  await removeCartLines(tx, order.userId, bought.map((b) => b.productId));
  await tellBuyer(tx, paid!, appUrl, true);
  await tellSeller(tx, paid!, appUrl);
  return paid!;
}

/** A declined attempt: no order any more (never listed), its stock back with the reason, the cart untouched. */
export async function finishDeclined(tx: Tx, order: OrderRow, by: string | null, message: string): Promise<OrderRow> {
  const [declined] = await tx.update(storeOrders).set({ paymentStatus: 'declined', paymentMessage: message || M.declined, updatedAt: new Date() })
    .where(eq(storeOrders.id, order.id)).returning();
  const lines = await tx.select().from(storeOrderItems).where(eq(storeOrderItems.orderId, order.id));
  for (const l of lines) {
    await changeStock(tx, { productId: l.productId, adminId: order.adminId, change: l.quantity, reason: `Order ${formatOrderNumber(order.orderNumber)} declined`, by });
  }
  return declined!;
}

/**
 * Step C of a charge, checkout's or reconciliation's: the order moves out of 'charging' once (the
 * core's conditional update), then is paid or declined. `declinedMessage` stands when the gateway
 * gave no words (no record of the charge). Answers the order, or null when it was settled before.
 */
export async function settleCharge(
  tx: Tx, order: Pick<OrderRow, 'id'>, by: string | null, result: GatewayResult | null, appUrl: string, declinedMessage = '',
): Promise<OrderRow | null> {
  const moved = await settlePending<OrderRow>(tx, ORDER_ROWS, order.id, result?.approved
    ? { paymentStatus: 'charged', transactionId: result.transactionId, updatedAt: new Date() }
    : { paymentStatus: 'declined', updatedAt: new Date() });
  if (!moved) return null;
  if (result?.approved) return finishPaid(tx, moved, by, result, appUrl);
  return finishDeclined(tx, moved, by, result?.message || declinedMessage);
}
