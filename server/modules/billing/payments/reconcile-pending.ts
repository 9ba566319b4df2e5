import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { invoices, payments } from '../../../db/schema/index.js';
import { chargeKind, CHARGE_ONCE, GAVE_UP_MESSAGE, reconcileKinds, staleBefore, type ChargeKind } from '../../../services/payments/charge-once.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { gatewayResolverOf, type PaymentServices } from './charge-invoice.js';
import { recordChargeOutcome } from './record-outcome.js';
import { recordRefundOutcome } from './refund-payment.js';

/** Past this, an attempt the gateway still cannot answer about is given up (the office checks the merchant account). */
export const GIVE_UP_AFTER_MS = CHARGE_ONCE.giveUpAfterMs;

const NOT_FOUND_CHARGE = 'No charge was made: the payment processor has no record of this payment. The payer may try again.';
const NOT_FOUND_REFUND = 'No refund was made: the payment processor has no record of it. It may be tried again.';
const GATEWAY_CHANGED = 'The school changed its payment processor before this was confirmed: check the earlier merchant account.';

/**
 * An invoice's attempts whose gateway answer was lost (decision 030), as a kind of the one
 * reconciliation job (services/payments/charge-once.ts, decision 070): a timeout, or a process
 * that died between the gateway's answer and its commit. Each pending row older than
 * STALE_ATTEMPT_MS is looked up with `findCharge` (by its idempotency key) and recorded as the
 * gateway knows it: the callback credits the invoice (recordChargeOutcome) or records the
 * refund; one the gateway never made fails, and the payer may pay again. Safe on several nodes at
 * once: the outcome is recorded by a conditional update, so only one node's counts. Nothing due
 * costs one query on the partial index of pending payments.
 */
export function invoiceChargeKind(db: Database, services: PaymentServices): ChargeKind {
  const gatewayFor = gatewayResolverOf(services);
  return chargeKind({
    name: 'invoice',
    staleRows: (now) => db.transaction({ kind: 'all' }, (tx) =>
      tx.select({
        id: payments.id, adminId: payments.adminId, invoiceId: payments.invoiceId, kind: payments.kind, idempotencyKey: payments.idempotencyKey,
        gateway: payments.gateway, testMode: payments.testMode, createdAt: payments.createdAt, invoiceNumber: invoices.number,
      }).from(payments).innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, staleBefore(now))))
        .orderBy(asc(payments.createdAt)).limit(CHARGE_ONCE.reconcileBatch)),
    gatewayOf: (row) => db.transaction({ kind: 'school', adminId: row.adminId }, (tx) => gatewayFor(tx, row.adminId)),
    refsOf: (row) => ({ idempotencyKey: row.idempotencyKey ?? '', invoiceNumber: formatInvoiceNumber(row.invoiceNumber), since: row.createdAt }),
    chargedThrough: (row) => row,
    settle: (row, lost, now) => {
      const found = lost.kind === 'known' ? lost.result : null;
      const failedMessage = lost.kind === 'changed' ? GATEWAY_CHANGED : lost.kind === 'gave-up' ? GAVE_UP_MESSAGE : row.kind === 'refund' ? NOT_FOUND_REFUND : NOT_FOUND_CHARGE;
      const ctx = { appUrl: services.config.appUrl, box: secretBoxOf(services.config), now, failedMessage };
      return db.transaction({ kind: 'school', adminId: row.adminId }, async (tx) => {
        if (row.kind === 'refund') return (await recordRefundOutcome(tx, row, found ? { result: found, voided: false } : null, ctx)).settledNow;
        return (await recordChargeOutcome(tx, row, found, ctx)).settledNow;
      });
    },
  });
}

/** The invoice kind alone, as the one job runs it (its tests ask it at a given time). */
export async function reconcilePendingPayments(db: Database, services: PaymentServices, now = new Date()): Promise<{ settled: number; waiting: number }> {
  return (await reconcileKinds([invoiceChargeKind(db, services)], now)).invoice;
}
