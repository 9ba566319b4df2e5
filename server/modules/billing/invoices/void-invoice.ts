import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoices } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest } from '../../../lib/http-errors.js';
import { INVOICE_MESSAGES, type VoidInvoiceValues } from '../../../../shared/contracts/billing-invoices.js';
import { recordInvoiceActivity } from './invoice-activity.js';
import { findInvoice, fullNameOf, peopleOf } from './invoice-facts.js';
import { refuseWhileCharging } from './invoice-lock.js';

/**
 * Voids a draft or an open invoice with no money in and no card charge in flight: its number stays
 * used, its pay link stops taking money. Money in must be refunded first, so the books never hold a
 * void invoice that was paid.
 */
export async function voidInvoice(tx: Tx, actor: Actor, body: VoidInvoiceValues): Promise<void> {
  const invoice = await findInvoice(tx, actor.adminId!, body.id, { lock: true });
  // A card charge whose answer is not in yet may have taken the money: wait for its outcome.
  await refuseWhileCharging(tx, invoice.id);
  if (invoice.status === 'void') throw badRequest(INVOICE_MESSAGES.alreadyVoid);
  if (invoice.status === 'paid') throw badRequest(INVOICE_MESSAGES.voidPaid);
  if (invoice.paidCents > 0) throw badRequest(INVOICE_MESSAGES.voidWithMoney);
  const now = new Date();
  await tx.update(invoices).set({ status: 'void', voidedAt: now, voidReason: body.reason, autopayNextAt: null, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  const { student } = await peopleOf(tx, invoice);
  await recordInvoiceActivity(tx, actor, 'invoice.voided', invoice, fullNameOf(student), body.reason.slice(0, 80));
}
