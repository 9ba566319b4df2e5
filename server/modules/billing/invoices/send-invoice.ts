import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoices } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest, notFound } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { queueEmail } from '../../../services/email/queue-email.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { amountDueCents, formatMoney } from '../../../../shared/money.js';
import { notifyPeople } from '../../notifications/index.js';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/billing-invoices.js';
import type { InvoiceRow } from './create-invoice.js';
import { recordInvoiceActivity } from './invoice-activity.js';
import { invoiceEmail } from './invoice-email.js';
import { billToOfInvoice, invoicePdfFacts, readableDate } from './invoice-facts.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { recomputeInvoiceTotals } from './invoice-totals.js';
import { payLinkOf } from './pay-link.js';
import { loadSchoolBilling } from './school-billing.js';

export type SendResult = { invoice: InvoiceRow; emailedTo: string | null };

/**
 * Issues an invoice to its payer: a draft becomes open (an open one is sent again), and ONE email
 * goes to the payer with the pay link and the invoice's PDF attached, queued in this transaction
 * (sent only if it commits). A payer without an email address gets it at the student's address
 * when the student has one (bill-to.ts's `mailTo`, the one rule); with neither, the invoice is open all the same and `emailedTo` is null
 * (the office shares the link). The student is not emailed besides the payer: one bill, one inbox.
 * `actor` is null when a job sends (no activity line then).
 */
export async function sendInvoice(tx: Tx, box: SecretBox, appUrl: string, invoiceId: string, actor: Actor | null): Promise<SendResult> {
  // The caller's transaction is scoped to the school (row-level security): the id alone is enough.
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!locked) throw notFound(INVOICE_MESSAGES.notFound);
  if (locked.status !== 'draft' && locked.status !== 'open') throw badRequest(INVOICE_MESSAGES.notSendable);
  const again = locked.status === 'open';
  const now = new Date();
  await tx.update(invoices).set({ status: 'open', sentAt: now, updatedAt: now }).where(eq(invoices.id, invoiceId));
  // A zero balance (all discounted) is paid the moment it is issued.
  const invoice = await recomputeInvoiceTotals(tx, invoiceId, now);

  const school = await loadSchoolBilling(tx, invoice.adminId);
  const party = await billToOfInvoice(tx, invoice);
  const { person: payer } = party;
  const recipient = party.mailTo;
  const to = recipient?.email ?? null;
  if (recipient && to) {
    const number = formatInvoiceNumber(invoice.number);
    const pdf = await renderInvoicePdf(await invoicePdfFacts(tx, box, appUrl, invoice, school));
    await queueEmail(tx, {
      kind: 'invoice', adminId: invoice.adminId, userId: recipient.id, to,
      ...invoiceEmail({
        payerFirstName: recipient.firstName, studentName: party.mailAbout,
        schoolName: school.schoolName, schoolPhone: school.phone, number, balanceCents: amountDueCents(invoice.totalCents, invoice.paidCents),
        currency: invoice.currency, dueOn: readableDate(invoice.dueOn), payLink: payLinkOf(box, appUrl, invoice), testMode: school.testMode, again,
      }),
      attachments: [{ filename: `${number}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
  }
  await notifyPeople(tx, {
    adminId: invoice.adminId, userIds: [payer.id], kind: 'invoice-sent', title: `Invoice ${formatInvoiceNumber(invoice.number)} from ${school.schoolName}`,
    body: `${formatMoney(amountDueCents(invoice.totalCents, invoice.paidCents), invoice.currency)} due ${readableDate(invoice.dueOn)}`, link: '/paymentBilling',
  });
  await recordInvoiceActivity(tx, actor, 'invoice.sent', invoice, party.studentName ?? party.name, to ? undefined : 'no email address');
  return { invoice, emailedTo: to };
}
