import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { payments } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { InvoiceDetails } from '../../../../shared/contracts/billing-invoices.js';
import { findInvoice, linesOf, peopleOf } from './invoice-facts.js';
import { payLinkOf } from './pay-link.js';
import { presentInvoiceDetails } from './presenter.js';
import { loadSchoolBilling } from './school-billing.js';
import { todayIn } from '../../../../shared/school-clock.js';

/** One invoice for the office: lines, payments with their refunds, the pay link once issued. */
export async function getInvoiceDetails(tx: Tx, actor: Actor, box: SecretBox, appUrl: string, id: string): Promise<InvoiceDetails> {
  const invoice = await findInvoice(tx, actor.adminId!, id);
  const school = await loadSchoolBilling(tx, invoice.adminId);
  const [lines, people, money] = [
    await linesOf(tx, invoice.id),
    await peopleOf(tx, invoice),
    await tx.select().from(payments).where(eq(payments.invoiceId, invoice.id)).orderBy(asc(payments.createdAt), asc(payments.id)),
  ];
  return presentInvoiceDetails({
    invoice, lines, ...people, payments: money,
    // A draft's link would open a bill nobody was sent; a void one's a bill nobody owes.
    payLink: invoice.status === 'open' || invoice.status === 'paid' ? payLinkOf(box, appUrl, invoice) : null,
    testMode: school.testMode, timeZone: school.timeZone, today: todayIn(school.timeZone),
  });
}
