import type { FamilyInvoice, PayableInvoice, PayReceipt, SavedCard } from '../../../../shared/contracts/billing-family.js';
import type { invoiceLines, payments } from '../../../db/schema/index.js';
import { inZone } from '../../../../shared/school-clock.js';
import type { BillToParty, InvoiceRow } from '../invoices/index.js';
import { receiptReferenceOf } from '../payments/receipt-reference.js';
import { formatInvoiceNumber, invoiceStatusOf, isExpired } from '../../../../shared/contracts/billing.js';
import { amountDueCents, dollarsOf } from '../../../../shared/money.js';

/** A saved card as its owner's family and the school see it: never more than brand, last four and expiry. */
export type SavedCardRow = {
  id: string;
  ownerId: string;
  customerProfileId: string;
  customerPaymentProfileId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  ownerFirstName: string;
  ownerLastName: string;
};

type InvoiceLineRow = typeof invoiceLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export function presentCard(row: SavedCardRow, actorId: string, now: Date): SavedCard {
  return {
    cardId: row.id,
    customerProfileId: row.customerProfileId,
    customerPaymentProfileId: row.customerPaymentProfileId,
    brand: row.brand,
    last4: row.last4,
    expMonth: String(row.expMonth).padStart(2, '0'),
    expYear: String(row.expYear),
    isDefault: row.isDefault,
    expired: isExpired(row.expMonth, row.expYear, now),
    owner: { _id: row.ownerId, first_name: row.ownerFirstName, last_name: row.ownerLastName },
    mine: row.ownerId === actorId,
  };
}

export type FamilyInvoiceRow = {
  id: string;
  number: number;
  studentId: string;
  studentFirstName: string;
  studentLastName: string;
  status: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  currency: string;
  paidAt: Date | null;
  payerId: string;
};

export function presentFamilyInvoice(row: FamilyInvoiceRow, today: string, payLink: string | null, actorId: string): FamilyInvoice {
  return {
    _id: row.id,
    invoiceNo: formatInvoiceNumber(row.number),
    student: { _id: row.studentId, first_name: row.studentFirstName, last_name: row.studentLastName },
    status: invoiceStatusOf(row, today),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    total: dollarsOf(row.totalCents),
    paid: dollarsOf(row.paidCents),
    balance: dollarsOf(amountDueCents(row.totalCents, row.paidCents)),
    currency: row.currency,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    payLink: row.status === 'open' ? payLink : null,
    payerIsYou: row.payerId === actorId,
  };
}

export type PayableRow = {
  invoice: InvoiceRow;
  lines: Pick<InvoiceLineRow, 'description' | 'quantity' | 'unitPriceCents' | 'amountCents'>[];
  /** The bill-to party (bill-to.ts, the PDF's rule). */
  party: BillToParty;
  adminId: string;
  schoolName: string;
  schoolCountry: string;
  receipt: PayReceipt | null;
};

/** docs/domains/billing.md "Data and calls"'s "Payable invoice". Users keep no country: the school's stands in for the bill-to's. */
export function presentPayable(row: PayableRow, testMode: boolean): PayableInvoice {
  const { invoice, party } = row;
  const p = party.person;
  return {
    invoiceNo: formatInvoiceNumber(invoice.number),
    dueDeposit: dollarsOf(amountDueCents(invoice.totalCents, invoice.paidCents)),
    total: dollarsOf(invoice.totalCents),
    subtotal: dollarsOf(invoice.subtotalCents),
    discount: dollarsOf(invoice.discountCents),
    paid: dollarsOf(invoice.paidCents),
    currency: invoice.currency,
    issuedOn: invoice.issuedOn,
    dueDate: invoice.dueOn,
    status: invoice.status === 'paid' ? 'paid' : invoice.status === 'void' ? 'void' : 'open',
    testMode,
    adminId: { id: row.adminId, school_name: row.schoolName },
    billTo: {
      first_name: p.firstName, last_name: p.lastName, email: p.email ?? '', address1: p.address1, city: p.city, state: p.state,
      postal_code: p.postalCode, country: row.schoolCountry, cellPhone: p.cellPhone,
    },
    studentName: party.studentName,
    lines: row.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: dollarsOf(l.unitPriceCents), amount: dollarsOf(l.amountCents) })),
    receipt: row.receipt,
  };
}

/**
 * A payment as the pay page's receipt (decision 075): never more of a card than brand and last
 * four; the time on the school's clock; the receipt email's address for a card payment, which is
 * the one payments that email a receipt (payments/record-outcome.ts).
 */
export function presentReceipt(payment: PaymentRow, timeZone: string, party: Pick<BillToParty, 'mailTo'>): PayReceipt {
  const paidAt = payment.settledAt ?? payment.createdAt;
  return {
    amount: dollarsOf(payment.amountCents),
    currency: payment.currency,
    method: payment.method,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    paidAt: paidAt.toISOString(),
    paidOn: inZone(paidAt, timeZone).toFormat('LLL d, yyyy, h:mm a'),
    reference: receiptReferenceOf(payment),
    emailedTo: payment.method === 'card' ? (party.mailTo?.email ?? null) : null,
  };
}
