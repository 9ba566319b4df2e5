import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoices, payments } from '../../../db/schema/index.js';
import { queueEmail } from '../../../services/email/queue-email.js';
import type { GatewayResult } from '../../../services/payments/gateway.js';
import { settlePending, type PendingRows } from '../../../services/payments/charge-once.js';
import { recordActivity } from '../../activities/index.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { amountDueCents, formatMoney, paidInFull as coversTotal } from '../../../../shared/money.js';
import { receiptEmail } from './receipt-email.js';
import { tellOfficeOfPayment } from './office-notices.js';
import { cardWords } from './card-words.js';
import { receiptReferenceOf } from './receipt-reference.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { billToOfInvoice, invoicePdfFacts, loadSchoolBilling, lockInvoice, payLinkOf, renderInvoicePdf } from '../invoices/index.js';

export type PaymentRow = typeof payments.$inferSelect;

/** An invoice's pending rows for the charge-once core (decision 070): card charges and refunds, one key per school. */
export const PAYMENT_ROWS: PendingRows = { table: payments, id: payments.id, status: payments.status, pending: 'pending', key: [payments.adminId, payments.idempotencyKey] };
export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice, locked for this transaction: every change of its money goes through this lock (decision 070). */
export { lockInvoice };

export { cardWords };

/**
 * Money in: the invoice's paid total grows, and it is paid once nothing is left. A void invoice
 * stays void (the office refunds what came in after the void).
 */
export async function addToInvoice(tx: Tx, invoice: InvoiceRow, amountCents: number, now: Date): Promise<InvoiceRow> {
  const paidCents = invoice.paidCents + amountCents;
  const paidInFull = invoice.status === 'open' && coversTotal(invoice.totalCents, paidCents);
  const [updated] = await tx.update(invoices).set({
    paidCents,
    updatedAt: now,
    ...(paidInFull ? { status: 'paid', paidAt: now, autopayNextAt: null } : {}),
  }).where(eq(invoices.id, invoice.id)).returning();
  return updated!;
}

/**
 * The receipt of a card payment, to the invoice's bill-to party (bill-to.ts: the payer's address of
 * record, as the invoice was sent), with the paid invoice's PDF, sent once this transaction commits.
 */
async function queueReceipt(tx: Tx, payment: PaymentRow, invoice: InvoiceRow, ctx: ReceiptContext) {
  const party = await billToOfInvoice(tx, invoice);
  const to = party.mailTo;
  if (!to?.email) return;
  const school = await loadSchoolBilling(tx, invoice.adminId);
  const number = formatInvoiceNumber(invoice.number);
  const email = receiptEmail({
    firstName: to.firstName,
    schoolName: school.schoolName,
    invoiceNumber: number,
    amountCents: payment.amountCents,
    currency: payment.currency,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    paidAt: payment.settledAt ?? ctx.now,
    timeZone: school.timeZone,
    balanceCents: amountDueCents(invoice.totalCents, invoice.paidCents),
    testMode: payment.testMode,
    reference: receiptReferenceOf(payment),
    receiptUrl: payLinkOf(ctx.box, ctx.appUrl, invoice),
  });
  const pdf = await renderInvoicePdf(await invoicePdfFacts(tx, ctx.box, ctx.appUrl, invoice, school));
  await queueEmail(tx, {
    ...email, to: to.email, kind: 'payment-receipt', adminId: invoice.adminId, userId: to.id,
    attachments: [{ filename: `${number}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
}

/** What a receipt needs beside the rows: the links' base and the box that opens the pay token. */
export type ReceiptContext = { appUrl: string; box: SecretBox; now: Date };

export type Settled = { payment: PaymentRow; invoice: InvoiceRow; settledNow: boolean };

/**
 * Records what the gateway answered for a pending charge attempt, in the caller's transaction
 * (the request's second one, or the reconciliation job's). The attempt moves out of 'pending'
 * only here and only once (a conditional update), so the invoice's money is added once however
 * many nodes or jobs race. Succeeded: the invoice is credited, the payer gets a receipt.
 * `result` null: the gateway never made the charge (reconciliation) and the attempt failed.
 */
export async function recordChargeOutcome(
  tx: Tx,
  attempt: Pick<PaymentRow, 'id' | 'adminId' | 'invoiceId'>,
  result: GatewayResult | null,
  ctx: ReceiptContext & { ip?: string | null; failedMessage?: string },
): Promise<Settled> {
  const invoice = await lockInvoice(tx, attempt.adminId, attempt.invoiceId);
  if (!invoice) throw new Error('The invoice of a payment attempt is gone');
  const status = result === null ? 'failed' : result.approved ? 'succeeded' : 'declined';
  const payment = await settlePending<PaymentRow>(tx, PAYMENT_ROWS, attempt.id, {
    status,
    message: result?.message ?? ctx.failedMessage ?? 'No charge was made.',
    gatewayTransactionId: result?.transactionId || null,
    gatewayResponseCode: result?.errorCode ? `${result.responseCode}/${result.errorCode}` : result?.responseCode ?? null,
    ...(result?.card ? { cardBrand: result.card.brand, cardLast4: result.card.last4 } : {}),
    settledAt: ctx.now,
  });
  if (!payment) {
    // Settled already (by the request or by another node's reconciliation): its record stands.
    const [current] = await tx.select().from(payments).where(eq(payments.id, attempt.id)).limit(1);
    return { payment: current!, invoice, settledNow: false };
  }
  const invoiceNumber = formatInvoiceNumber(invoice.number);
  const amount = formatMoney(payment.amountCents, payment.currency);
  const actorId = payment.recordedBy ?? payment.payerId;
  if (status === 'succeeded') {
    const credited = await addToInvoice(tx, invoice, payment.amountCents, ctx.now);
    await recordActivity(tx, {
      adminId: payment.adminId, actorId, action: 'payment.received', ip: ctx.ip ?? null,
      meta: { name: `invoice ${invoiceNumber} (${amount} by ${cardWords(payment)})`, invoiceId: invoice.id, paymentId: payment.id, amountCents: payment.amountCents },
    });
    await queueReceipt(tx, payment, credited, ctx);
    await tellOfficeOfPayment(tx, payment, credited, ctx.appUrl, ctx.now);
    return { payment, invoice: credited, settledNow: true };
  }
  if (status === 'declined') {
    await recordActivity(tx, {
      adminId: payment.adminId, actorId, action: 'payment.declined', ip: ctx.ip ?? null,
      meta: { name: `invoice ${invoiceNumber} (${amount})`, invoiceId: invoice.id, paymentId: payment.id, reason: payment.message },
    });
  }
  return { payment, invoice, settledNow: true };
}
