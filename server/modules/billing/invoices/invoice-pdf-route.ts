import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { decideInvoiceDownload } from '../../../policies/invoices.js';
import { parentIdsOf } from '../../relations/index.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/billing-invoices.js';
import { findInvoice, invoicePdfFacts } from './invoice-facts.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The invoice's PDF for the office or the family it bills (policies/invoices.ts). */
export async function invoicePdfFor(tx: Tx, actor: Actor, box: SecretBox, appUrl: string, id: string): Promise<{ filename: string; pdf: Buffer }> {
  if (!actor.adminId) throw forbidden();
  const invoice = await findInvoice(tx, actor.adminId, id);
  const decision = decideInvoiceDownload(actor, invoice, await parentIdsOf(tx, invoice.studentId));
  if (decision === 'forbidden') throw forbidden();
  // A draft is the office's work in progress: a family sees an invoice once it is sent.
  if (decision === 'not-found' || (invoice.status === 'draft' && (actor.role === 'student' || actor.role === 'parent'))) throw notFound(INVOICE_MESSAGES.notFound);
  return { filename: `${formatInvoiceNumber(invoice.number)}.pdf`, pdf: await renderInvoicePdf(await invoicePdfFacts(tx, box, appUrl, invoice)) };
}
