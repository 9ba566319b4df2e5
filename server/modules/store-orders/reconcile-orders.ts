import { and, asc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storeOrders } from '../../db/schema/index.js';
import { gatewaysOf } from '../../services/payments/gateway-for-school.js';
import { chargeKind, CHARGE_ONCE, GAVE_UP_MESSAGE, reconcileKinds, staleBefore, type ChargeKind, type SettledAnswer } from '../../services/payments/charge-once.js';
import type { GatewayResult } from '../../services/payments/gateway.js';
import { storeScope, type CheckoutServices } from './checkout.js';
import { tellBuyerNotPlaced } from './order-news.js';
import { applyMove } from './order-status.js';
import type { OrderRow } from './presenter.js';
import { chargeRefsOf, REFUNDING, refundRefsOf, settleCharge } from './settle-order.js';


const NOT_FOUND_CHARGE = 'No charge was made: the payment processor has no record of this payment.';
const NOT_FOUND_REFUND = 'No refund was made: the payment processor has no record of it. It may be tried again.';
const GATEWAY_CHANGED = 'The store changed its payment processor before this was confirmed: check the earlier merchant account.';

type Found = { result: GatewayResult | null; message: string };

/** What the gateway knows of the order's charge (or its refund), with the words kept when it has no record. */
function foundOf(lost: SettledAnswer, refund: boolean): Found {
  if (lost.kind === 'changed') return { result: null, message: GATEWAY_CHANGED };
  if (lost.kind === 'gave-up') return { result: null, message: GAVE_UP_MESSAGE };
  return { result: lost.result, message: refund ? NOT_FOUND_REFUND : NOT_FOUND_CHARGE };
}
/** A refund is leased (the order no longer charging): it is what is pending. */
const isRefund = (order: OrderRow) => order.paymentStatus !== 'charging';

/** Records a charge as the gateway knows it, exactly as checkout's step C would have; false when another run did first. */
async function settleLateCharge(db: Database, services: CheckoutServices, seen: OrderRow, found: Found): Promise<boolean> {
  return db.transaction(storeScope(seen), async (tx) => {
    // The buyer's checkout, finished late: the history and stock rows name the buyer, as at checkout.
    const order = await settleCharge(tx, seen, seen.userId, found.result, services.config.appUrl, found.message);
    if (!order) return false;
    if (order.paymentStatus === 'declined') await tellBuyerNotPlaced(tx, order, services.config.appUrl);
    return true;
  });
}

/** A refund lease ended as the gateway knows it: refunded, or released so the staff may try again. */
async function settleRefund(db: Database, services: CheckoutServices, seen: OrderRow, found: Found): Promise<boolean> {
  return db.transaction(storeScope(seen), async (tx) => {
    const [order] = await tx.select().from(storeOrders).where(eq(storeOrders.id, seen.id)).for('update');
    if (!order || order.refundTransactionId !== REFUNDING) return false;
    if (found.result?.approved) {
      // Who asked for the refund is not kept with the lease: the history names no one (the job).
      await applyMove(tx, null, order, 'refunded', services.config.appUrl, { transactionId: found.result.transactionId, cents: order.grandTotalCents });
      return true;
    }
    await tx.update(storeOrders).set({ refundTransactionId: null, paymentMessage: found.result?.message || found.message, updatedAt: new Date() })
      .where(eq(storeOrders.id, order.id));
    return true;
  });
}

/**
 * Store orders whose gateway answer was lost (decision 053, on decision 030's reconciliation), as
 * a kind of the one reconciliation job (services/payments/charge-once.ts, decision 070):
 * a checkout left 'charging' (the buyer read 503) and a refund left holding its lease. Each, once
 * older than CHARGE_ONCE.staleAfterMs (services/payments/charge-once.ts, decision 070), is looked
 * up with `findCharge` by the key and order number the gateway was sent and recorded as the
 * gateway knows it; while the gateway cannot be asked it waits, for at most CHARGE_ONCE.giveUpAfterMs. Safe on several nodes: each outcome is recorded
 * on the locked row only if it is still charging (or still leased), so one run's counts.
 */
export function storeOrderChargeKind(db: Database, services: CheckoutServices): ChargeKind {
  return chargeKind<OrderRow>({
    name: 'store-order',
    // One statement over the two partial indexes (charging orders, refund leases): nothing due costs one probe of each.
    staleRows: (now) => db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeOrders)
      .where(or(
        and(eq(storeOrders.paymentStatus, 'charging'), lt(storeOrders.createdAt, staleBefore(now))),
        and(eq(storeOrders.refundTransactionId, REFUNDING), lt(storeOrders.updatedAt, staleBefore(now))),
      ))
      .orderBy(asc(storeOrders.createdAt)).limit(CHARGE_ONCE.reconcileBatch)),
    gatewayOf: (order) => db.transaction(storeScope(order), (tx) => (services.gatewayFor ?? gatewaysOf(services.config))(tx, order.adminId)),
    // A charge began with the order; a refund with its lease (updated_at is set when the lease is taken).
    refsOf: (order) => (isRefund(order) ? { ...refundRefsOf(order), since: order.updatedAt } : { ...chargeRefsOf(order), since: order.createdAt }),
    chargedThrough: (order) => order,
    settle: (order, lost) => (isRefund(order) ? settleRefund : settleLateCharge)(db, services, order, foundOf(lost, isRefund(order))),
  });
}

/** The store kind alone, as the one job runs it (its tests ask it at a given time). */
export async function reconcileStoreOrders(db: Database, services: CheckoutServices, now = new Date()): Promise<{ settled: number; waiting: number }> {
  return (await reconcileKinds([storeOrderChargeKind(db, services)], now))['store-order'];
}
