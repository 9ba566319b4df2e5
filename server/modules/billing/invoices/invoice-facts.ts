import { and, asc, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../../db/client.js';
import { invoiceLines, invoices, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { formatInvoiceNumber, INVOICE_STATUS_LABELS, invoiceStatusOf } from '../../../../shared/contracts/billing.js';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/billing-invoices.js';
import type { InvoiceRow } from './create-invoice.js';
import type { InvoicePdfFacts } from './invoice-pdf.js';
import { billToPartyOf, fullNameOf, type BillToParty, type InvoicePersonRow } from './bill-to.js';
import { payLinkOf } from './pay-link.js';
import { loadSchoolBilling, type SchoolBilling } from './school-billing.js';
import { todayIn } from '../../../../shared/school-clock.js';

export { fullNameOf, type InvoicePersonRow };

/** A school's invoice, or 404: another school's is as unknown as one that never was. */
export async function findInvoice(tx: Tx, adminId: string, id: string, options: { lock?: boolean } = {}): Promise<InvoiceRow> {
  const query = tx.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.adminId, adminId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

export async function linesOf(tx: Tx, invoiceId: string) {
  return tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
}

/** The student and the payer of an invoice. */
export async function peopleOf(tx: Tx, invoice: Pick<InvoiceRow, 'studentId' | 'payerId'>): Promise<{ student: InvoicePersonRow; payer: InvoicePersonRow }> {
  const rows = await tx.select({
    id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email,
    address1: users.address1, city: users.city, state: users.state, postalCode: users.postalCode, cellPhone: users.cellPhone,
  }).from(users).where(inArray(users.id, [invoice.studentId, invoice.payerId]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { student: byId.get(invoice.studentId)!, payer: byId.get(invoice.payerId)! };
}


/** An invoice's bill-to party (bill-to.ts, the one rule): its payer, with where its mail goes. */
export async function billToOfInvoice(tx: Tx, invoice: Pick<InvoiceRow, 'studentId' | 'payerId'>): Promise<BillToParty> {
  return billToPartyOf(await peopleOf(tx, invoice));
}

/** "Jan 4, 2026": a calendar date as people read it. */
export const readableDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).toFormat('LLL d, yyyy');

/** What the PDF prints of an invoice. */
export async function invoicePdfFacts(tx: Tx, box: SecretBox, appUrl: string, invoice: InvoiceRow, school?: SchoolBilling): Promise<InvoicePdfFacts> {
  const s = school ?? (await loadSchoolBilling(tx, invoice.adminId));
  const [lines, party] = [await linesOf(tx, invoice.id), billToPartyOf(await peopleOf(tx, invoice))];
  const status = invoiceStatusOf(invoice, todayIn(s.timeZone));
  return {
    number: formatInvoiceNumber(invoice.number),
    statusLabel: INVOICE_STATUS_LABELS[status],
    school: { name: s.schoolName, address: s.address, phone: s.phone },
    billTo: { name: party.name, email: party.email, address: party.address },
    studentName: party.studentName,
    issuedOn: readableDate(invoice.issuedOn),
    dueOn: readableDate(invoice.dueOn),
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents, amountCents: l.amountCents })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    currency: invoice.currency,
    payLink: invoice.status === 'open' ? payLinkOf(box, appUrl, invoice) : null,
    note: invoice.note,
    testMode: s.testMode,
    voided: invoice.status === 'void',
  };
}
