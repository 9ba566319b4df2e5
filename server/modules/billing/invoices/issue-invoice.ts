import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/billing-invoices.js';
import { findInvoice } from './invoice-facts.js';
import { sendInvoice, type SendResult } from './send-invoice.js';

/** "Send" on a draft: it becomes open and goes to the payer. */
export async function sendDraftInvoice(tx: Tx, actor: Actor, box: SecretBox, appUrl: string, id: string): Promise<SendResult> {
  const invoice = await findInvoice(tx, actor.adminId!, id, { lock: true });
  if (invoice.status !== 'draft') throw badRequest(INVOICE_MESSAGES.notSendable);
  return sendInvoice(tx, box, appUrl, invoice.id, actor);
}

/** "Resend" on an open invoice: the same link and a fresh PDF, to the payer again. */
export async function resendInvoice(tx: Tx, actor: Actor, box: SecretBox, appUrl: string, id: string): Promise<SendResult> {
  const invoice = await findInvoice(tx, actor.adminId!, id, { lock: true });
  if (invoice.status !== 'open') throw badRequest(INVOICE_MESSAGES.notOpen);
  return sendInvoice(tx, box, appUrl, invoice.id, actor);
}
