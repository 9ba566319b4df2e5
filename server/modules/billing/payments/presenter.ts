import type { PaymentItem } from '../../../../shared/contracts/billing-payments.js';
import { invoiceStatusOf } from '../../../../shared/contracts/billing.js';
import { amountDueCents, dollarsOf } from '../../../../shared/money.js';
import type { InvoiceRow, PaymentRow } from './record-outcome.js';
import type { RefundOutcome } from './refund-payment.js';

/** A payment row as JSON: money in dollars, the card by brand and last four only. */
export function presentPayment(row: PaymentRow): PaymentItem {
  return {
    _id: row.id,
    invoiceId: row.invoiceId,
    kind: row.kind === 'refund' ? 'refund' : 'charge',
    method: row.method,
    source: row.source,
    status: row.status,
    amount: dollarsOf(row.amountCents),
    refunded: dollarsOf(row.refundedCents),
    currency: row.currency,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    testMode: row.testMode,
    message: row.message,
    refundOfId: row.refundOfId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an invoice's money looks like after a payment or a refund. */
export function presentInvoiceMoney(invoice: InvoiceRow, today: string) {
  return {
    _id: invoice.id,
    status: invoiceStatusOf(invoice, today),
    total: dollarsOf(invoice.totalCents),
    paid: dollarsOf(invoice.paidCents),
    balance: dollarsOf(amountDueCents(invoice.totalCents, invoice.paidCents)),
  };
}

export function presentRefund(outcome: RefundOutcome, today: string) {
  return {
    refund: presentPayment(outcome.refund),
    payment: presentPayment(outcome.payment),
    invoice: presentInvoiceMoney(outcome.invoice, today),
  };
}
