import type { Tx } from '../../../db/client.js';
import { notifyPeople, schoolOfficeIds } from '../../notifications/index.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { formatMoney } from '../../../../shared/money.js';
import type { invoices, payments } from '../../../db/schema/index.js';
import { cardWords } from './card-words.js';

type PaymentRow = typeof payments.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;


/** The payments list the grouped notice opens: the school's payments report. */
const PAYMENTS_LIST = '/reports/payment-reporting';
const INVOICES_LIST = '/studentbilling/invoiceList';

/**
 * The office (admin and sub-admins) hears of a card payment received (issue 28), in the
 * transaction that records it. A burst is one notice that counts ("30 payments received",
 * opening the payments report) and one email a window (decision 083).
 */
export async function tellOfficeOfPayment(tx: Tx, payment: PaymentRow, invoice: InvoiceRow, appUrl: string, now: Date): Promise<string[]> {
  return notifyPeople(tx, {
    adminId: payment.adminId, userIds: await schoolOfficeIds(tx, payment.adminId), kind: 'payment-received',
    title: `Payment received: ${formatMoney(payment.amountCents, payment.currency)}`,
    body: `Invoice ${formatInvoiceNumber(invoice.number)}, paid by ${cardWords(payment)}.`,
    link: `/reporting/payment-details/${payment.id}`,
    email: { appUrl }, now,
    group: { key: 'payment-received', many: (n) => ({ title: `${n} payments received`, body: `The latest: invoice ${formatInvoiceNumber(invoice.number)}, ${formatMoney(payment.amountCents, payment.currency)}.`, link: PAYMENTS_LIST }) },
  });
}

/** The office hears of a refund that went through; whoever made it is not told of their own. */
export async function tellOfficeOfRefund(tx: Tx, refund: PaymentRow, invoice: InvoiceRow, byUserId: string | null, now: Date): Promise<string[]> {
  const office = (await schoolOfficeIds(tx, refund.adminId)).filter((id) => id !== byUserId);
  return notifyPeople(tx, {
    adminId: refund.adminId, userIds: office, kind: 'payment-refunded',
    title: `Refund: ${formatMoney(refund.amountCents, refund.currency)}`,
    body: `Invoice ${formatInvoiceNumber(invoice.number)}.`, link: refund.refundOfId ? `/reporting/payment-details/${refund.refundOfId}` : PAYMENTS_LIST, now,
    group: { key: 'payment-refunded', many: (n) => ({ title: `${n} refunds`, link: PAYMENTS_LIST }) },
  });
}

/** The office hears that autopay could not charge an invoice (the payer is told on their own). */
export async function tellOfficeOfAutopayFailure(tx: Tx, invoice: InvoiceRow, reason: string, appUrl: string, now: Date): Promise<string[]> {
  return notifyPeople(tx, {
    adminId: invoice.adminId, userIds: await schoolOfficeIds(tx, invoice.adminId), kind: 'autopay-failed',
    title: `Autopay failed: invoice ${formatInvoiceNumber(invoice.number)}`,
    body: reason, link: INVOICES_LIST, email: { appUrl }, now,
    group: { key: 'autopay-failed', many: (n) => ({ title: `${n} autopay charges failed`, body: 'Their payers were emailed; the invoices stay open.', link: INVOICES_LIST }) },
  });
}
