import type { payments } from '../../../db/schema/index.js';
import { formatInvoiceNumber, invoiceStatusOf } from '../../../../shared/contracts/billing.js';
import type {
  InvoiceDetails, InvoiceLineItem, InvoiceListItem, InvoicePaymentItem, InvoicePerson,
} from '../../../../shared/contracts/billing-invoices.js';
import { balanceOf, dollarsOf } from '../../../../shared/money.js';
import type { InvoiceRow } from './create-invoice.js';
import type { linesOf } from './invoice-facts.js';

type PersonRow = { id: string; firstName: string; lastName: string; email?: string | null };
type PaymentRow = typeof payments.$inferSelect;

const personOf = (p: PersonRow): InvoicePerson => ({ _id: p.id, first_name: p.firstName, last_name: p.lastName });

export function presentInvoiceListItem(invoice: InvoiceRow, student: PersonRow, payer: PersonRow, today: string): InvoiceListItem {
  return {
    _id: invoice.id,
    number: formatInvoiceNumber(invoice.number),
    status: invoiceStatusOf(invoice, today),
    student: personOf(student),
    payer: personOf(payer),
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    total: dollarsOf(invoice.totalCents),
    paid: dollarsOf(invoice.paidCents),
    balance: dollarsOf(balanceOf(invoice)),
    sentAt: invoice.sentAt?.toISOString() ?? null,
  };
}

function presentPayment(p: PaymentRow, refunds: PaymentRow[]): InvoicePaymentItem {
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
  return {
    _id: p.id,
    method: p.method,
    source: p.source,
    status: p.status,
    amount: dollarsOf(p.amountCents),
    refunded: dollarsOf(refunded),
    refundable: p.method === 'card' && p.status === 'succeeded' && p.gatewayTransactionId ? dollarsOf(Math.max(p.amountCents - refunded, 0)) : 0,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    reference: p.reference,
    message: p.message,
    testMode: p.testMode,
    createdAt: p.createdAt.toISOString(),
    refunds: refunds.map((r) => ({ _id: r.id, amount: dollarsOf(r.amountCents), status: r.status, message: r.message, createdAt: r.createdAt.toISOString() })),
  };
}

export type InvoiceDetailsInput = {
  invoice: InvoiceRow;
  lines: Awaited<ReturnType<typeof linesOf>>;
  student: PersonRow;
  payer: PersonRow;
  payments: PaymentRow[];
  payLink: string | null;
  testMode: boolean;
  timeZone: string;
  today: string;
};

/** An invoice with its lines and its money: charges (each with its refunds), cash and check. */
export function presentInvoiceDetails(d: InvoiceDetailsInput): InvoiceDetails {
  const { invoice } = d;
  const charges = d.payments.filter((p) => p.kind !== 'refund');
  const refundsOf = (id: string) => d.payments.filter((p) => p.kind === 'refund' && p.refundOfId === id);
  const lines: InvoiceLineItem[] = d.lines.map((l) => ({
    _id: l.id, kind: l.kind, description: l.description, quantity: l.quantity, unitPrice: dollarsOf(l.unitPriceCents), amount: dollarsOf(l.amountCents), lessonId: l.lessonId,
  }));
  return {
    _id: invoice.id,
    number: formatInvoiceNumber(invoice.number),
    status: invoiceStatusOf(invoice, d.today),
    student: { ...personOf(d.student), email: d.student.email ?? null },
    payer: { ...personOf(d.payer), email: d.payer.email ?? null },
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    lines,
    subtotal: dollarsOf(invoice.subtotalCents),
    discount: dollarsOf(invoice.discountCents),
    total: dollarsOf(invoice.totalCents),
    paid: dollarsOf(invoice.paidCents),
    balance: dollarsOf(balanceOf(invoice)),
    note: invoice.note,
    currency: invoice.currency,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    voidReason: invoice.voidReason,
    payLink: d.payLink,
    payments: charges.map((p) => presentPayment(p, refundsOf(p.id))),
    testMode: d.testMode,
    timeZone: d.timeZone,
  };
}
