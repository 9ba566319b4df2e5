import { randomUUID } from 'node:crypto';
import { tellOfficeOfRefund } from './office-notices.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { invoices, payments } from '../../../db/schema/index.js';
import { conflict, fieldError, notFound } from '../../../lib/http-errors.js';
import { callThenRecord, claimPending, settlePending } from '../../../services/payments/charge-once.js';
import type { GatewayResult, PaymentGateway } from '../../../services/payments/gateway.js';
import { REASON } from '../../../services/payments/sandbox-cards.js';
import { recordActivity } from '../../activities/index.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { formatMoney, paidInFull } from '../../../../shared/money.js';
import { gatewayResolverOf, type PaymentServices } from './charge-invoice.js';
import { cardWords, lockInvoice, PAYMENT_ROWS, type InvoiceRow, type PaymentRow } from './record-outcome.js';

/**
 * Refunds (issue 11, decision 030): staff give back the whole or a part of a payment. A card
 * charge is refunded through the gateway as a charge is made: a 'pending' refund row with the
 * request's key first, the gateway outside any transaction, the outcome in a second one. A charge
 * the gateway has not settled yet cannot be refunded (Authorize.Net's reason 54): refunded in
 * whole it is voided instead, so nothing is taken; in part it must wait for the settlement.
 * Cash and check payments are handed back by the office: the refund is only recorded.
 */
export type RefundInput = {
  adminId: string;
  paymentId: string;
  amountCents: number;
  actor: { accountableId: string; ip: string | null };
  /** The request's Idempotency-Key: a retried request refunds once. */
  idempotencyKey?: string;
};

export type RefundOutcome = {
  status: 'succeeded' | 'declined' | 'failed' | 'pending';
  message: string;
  refund: PaymentRow;
  payment: PaymentRow;
  invoice: InvoiceRow;
  replayed: boolean;
};

export const httpStatusOfRefund = (o: Pick<RefundOutcome, 'status'>) => (o.status === 'succeeded' ? 200 : o.status === 'pending' ? 503 : 400);

type Begun =
  | { kind: 'done'; outcome: RefundOutcome }
  | { kind: 'card'; refund: PaymentRow; payment: PaymentRow; invoiceNumber: string; gateway: PaymentGateway };

const messageOf = (refund: PaymentRow) => (refund.status === 'pending' ? PAYMENT_MESSAGES.refundUnavailable : refund.message);

/** Money out: the charge's refunded total grows, the invoice's paid total shrinks and it is open again when money is due. */
async function applyRefund(tx: Tx, refund: PaymentRow, payment: PaymentRow, invoice: InvoiceRow, now: Date, actor: RefundInput['actor']) {
  const refundedCents = payment.refundedCents + refund.amountCents;
  const [charge] = await tx.update(payments).set({ refundedCents, ...(refundedCents >= payment.amountCents ? { status: 'refunded' } : {}) })
    .where(eq(payments.id, payment.id)).returning();
  const paidCents = invoice.paidCents - refund.amountCents;
  const reopens = invoice.status === 'paid' && !paidInFull(invoice.totalCents, paidCents);
  const [updated] = await tx.update(invoices).set({ paidCents, updatedAt: now, ...(reopens ? { status: 'open', paidAt: null } : {}) })
    .where(eq(invoices.id, invoice.id)).returning();
  await recordActivity(tx, {
    adminId: refund.adminId, actorId: actor.accountableId, action: 'payment.refunded', ip: actor.ip,
    meta: {
      name: `${formatMoney(refund.amountCents, refund.currency)} of invoice ${formatInvoiceNumber(invoice.number)} (${payment.method === 'card' ? cardWords(payment) : payment.method})`,
      invoiceId: invoice.id, paymentId: payment.id, refundId: refund.id, amountCents: refund.amountCents,
    },
  });
  return { payment: charge!, invoice: updated! };
}

/** Step A: checks, then the refund row (recorded at once for cash and check; pending for a card). */
async function beginRefund(db: Database, services: PaymentServices, input: RefundInput, key: string): Promise<Begun> {
  return db.transaction({ kind: 'school', adminId: input.adminId }, async (tx) => {
    const [found] = await tx.select({ invoiceId: payments.invoiceId }).from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.adminId, input.adminId), eq(payments.kind, 'charge'))).limit(1);
    if (!found) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    // The invoice first, as every change of its money takes it: no two orders of locks, no deadlock.
    const invoice = (await lockInvoice(tx, input.adminId, found.invoiceId))!;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    const [earlier] = await tx.select().from(payments).where(and(eq(payments.adminId, input.adminId), eq(payments.idempotencyKey, key))).limit(1);
    if (earlier) {
      if (earlier.refundOfId !== payment!.id) throw conflict(PAYMENT_MESSAGES.keyReused);
      return { kind: 'done', outcome: { status: earlier.status as RefundOutcome['status'], message: messageOf(earlier), refund: earlier, payment: payment!, invoice, replayed: true } };
    }
    if (!['succeeded', 'refunded'].includes(payment!.status)) throw fieldError('paymentId', PAYMENT_MESSAGES.refundNotRefundable);
    if (input.amountCents > payment!.amountCents - payment!.refundedCents) throw fieldError('amount', PAYMENT_MESSAGES.refundTooLarge);
    const [inFlight] = await tx.select({ id: payments.id }).from(payments)
      .where(and(eq(payments.refundOfId, payment!.id), eq(payments.status, 'pending'))).limit(1);
    if (inFlight) throw conflict(PAYMENT_MESSAGES.refundInProgress);

    const gateway = payment!.method === 'card' ? await gatewayResolverOf(services)(tx, input.adminId) : null;
    if (gateway && (gateway.name !== payment!.gateway || gateway.testMode !== payment!.testMode)) {
      throw conflict('This payment was taken through another payment processor account: refund it there.');
    }
    const now = new Date();
    const refund = await claimPending<PaymentRow>(tx, PAYMENT_ROWS, {
      adminId: input.adminId,
      invoiceId: invoice.id,
      studentId: payment!.studentId,
      payerId: payment!.payerId,
      kind: 'refund',
      method: payment!.method,
      source: 'staff',
      status: gateway ? 'pending' : 'succeeded',
      amountCents: input.amountCents,
      currency: payment!.currency,
      refundOfId: payment!.id,
      idempotencyKey: key,
      gateway: payment!.gateway,
      testMode: payment!.testMode,
      cardBrand: payment!.cardBrand,
      cardLast4: payment!.cardLast4,
      recordedBy: input.actor.accountableId,
      ...(gateway ? {} : { message: PAYMENT_MESSAGES.returned(formatMoney(input.amountCents, payment!.currency), payment!.method), settledAt: now }),
    });
    // The key taken meanwhile by a refund of another payment (this payment's are serialized by its lock).
    if (!refund) throw conflict(PAYMENT_MESSAGES.keyReused);
    if (gateway) return { kind: 'card', refund: refund!, payment: payment!, invoiceNumber: formatInvoiceNumber(invoice.number), gateway };
    const applied = await applyRefund(tx, refund!, payment!, invoice, now, input.actor);
    return { kind: 'done', outcome: { status: 'succeeded', message: messageOf(refund!), refund: refund!, replayed: false, ...applied } };
  });
}

/** Step B: the refund, or the void of a charge not yet settled. */
async function callGateway(begun: Extract<Begun, { kind: 'card' }>, key: string): Promise<{ result: GatewayResult; voided: boolean }> {
  const { gateway, payment, refund } = begun;
  const result = await gateway.refund({
    transactionId: payment.gatewayTransactionId ?? '', amountCents: refund.amountCents, last4: payment.cardLast4 ?? '', invoiceNumber: begun.invoiceNumber, idempotencyKey: key,
  });
  if (result.approved || result.errorCode !== REASON.notSettled) return { result, voided: false };
  if (refund.amountCents !== payment.amountCents || payment.refundedCents > 0) return { result, voided: false };
  const voided = await gateway.void({ transactionId: payment.gatewayTransactionId ?? '' });
  return { result: voided, voided: voided.approved };
}

/**
 * Records a card refund's outcome once (a conditional update of the pending row), in the caller's
 * transaction: the request's second one, or the reconciliation job's (`result` null: the gateway
 * has no such refund, and it failed).
 */
export async function recordRefundOutcome(
  tx: Tx,
  pending: Pick<PaymentRow, 'id' | 'adminId' | 'invoiceId'>,
  answer: { result: GatewayResult; voided: boolean } | null,
  ctx: { now: Date; actor?: RefundInput['actor']; failedMessage?: string },
): Promise<Omit<RefundOutcome, 'replayed'> & { settledNow: boolean }> {
  const invoice = (await lockInvoice(tx, pending.adminId, pending.invoiceId))!;
  const result = answer?.result ?? null;
  const status = result === null ? 'failed' : result.approved ? 'succeeded' : 'declined';
  const [row] = await tx.select({ amountCents: payments.amountCents, currency: payments.currency }).from(payments).where(eq(payments.id, pending.id));
  const amount = formatMoney(row!.amountCents, row!.currency);
  const message = status === 'failed'
    ? ctx.failedMessage ?? 'No refund was made.'
    : status === 'declined' ? (result!.errorCode === REASON.notSettled ? PAYMENT_MESSAGES.refundUnsettled : PAYMENT_MESSAGES.refundDeclined(result!.message))
      : answer?.voided ? PAYMENT_MESSAGES.voidedCharge(amount) : PAYMENT_MESSAGES.refunded(amount);
  const refund = await settlePending<PaymentRow>(tx, PAYMENT_ROWS, pending.id, {
    status,
    message,
    gatewayTransactionId: result?.transactionId || null,
    gatewayResponseCode: result?.errorCode ? `${result.responseCode}/${result.errorCode}` : result?.responseCode ?? null,
    settledAt: ctx.now,
  });
  const current = refund ?? (await tx.select().from(payments).where(eq(payments.id, pending.id)))[0]!;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, current.refundOfId!)).for('update');
  if (!refund || status !== 'succeeded') {
    return { status: current.status as RefundOutcome['status'], message: messageOf(current), refund: current, payment: payment!, invoice, settledNow: Boolean(refund) };
  }
  const applied = await applyRefund(tx, refund, payment!, invoice, ctx.now, ctx.actor ?? { accountableId: refund.recordedBy ?? refund.payerId, ip: null });
  await tellOfficeOfRefund(tx, refund, invoice, ctx.actor?.accountableId ?? refund.recordedBy, ctx.now);
  return { status: 'succeeded', message, refund, ...applied, settledNow: true };
}

/** Refunds the whole or a part of a payment, once per request key (Idempotency-Key). */
export async function refundPayment(db: Database, services: PaymentServices, input: RefundInput): Promise<RefundOutcome> {
  const key = `refund:${input.idempotencyKey ?? randomUUID()}`;
  const begun = await beginRefund(db, services, input, key);
  if (begun.kind === 'done') return begun.outcome;
  return callThenRecord(begun, {
    call: (b) => callGateway(b, key),
    record: async (b, answer) => {
      const { settledNow: _, ...outcome } = await db.transaction({ kind: 'school', adminId: input.adminId }, (tx) =>
        recordRefundOutcome(tx, b.refund, answer, { now: new Date(), actor: input.actor }));
      return { ...outcome, replayed: false };
    },
    unknown: async (b) => ({ status: 'pending', message: PAYMENT_MESSAGES.refundUnavailable, refund: b.refund, payment: b.payment, invoice: await invoiceOf(db, b.refund), replayed: false }),
  });
}

async function invoiceOf(db: Database, row: PaymentRow): Promise<InvoiceRow> {
  const [invoice] = await db.transaction({ kind: 'school', adminId: row.adminId }, (tx) => tx.select().from(invoices).where(eq(invoices.id, row.invoiceId)));
  return invoice!;
}
