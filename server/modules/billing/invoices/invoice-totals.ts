import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoiceLines, invoices, payments } from '../../../db/schema/index.js';
import { invoiceTotalSql, netPaidSql, paidInFullSql } from '../../../lib/money-sql.js';

/**
 * Sets an invoice's subtotal, total and money in from its rows (lines; succeeded charges less
 * succeeded refunds), and moves an open invoice to paid when nothing is left to pay, or a paid one
 * back to open when a refund leaves a balance. Drafts and void invoices keep their status. Call it
 * in the transaction that changed a line or a payment, with the invoice row locked.
 */
export async function recomputeInvoiceTotals(tx: Tx, invoiceId: string, now = new Date()): Promise<typeof invoices.$inferSelect> {
  const [sums] = await tx.select({
    subtotal: sql<number>`coalesce((select sum(${invoiceLines.amountCents}) from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoiceId}), 0)`.mapWith(Number),
    paid: sql<number>`coalesce((select sum(${netPaidSql(payments.kind, payments.amountCents)})
      from ${payments} where ${payments.invoiceId} = ${invoiceId} and ${payments.status} = 'succeeded'), 0)`.mapWith(Number),
  }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!sums) throw new Error('recomputeInvoiceTotals: no such invoice');
  const total = invoiceTotalSql(sums.subtotal, invoices.discountCents);
  const paidInFull = paidInFullSql(total, sums.paid);
  const [updated] = await tx.update(invoices).set({
    subtotalCents: sums.subtotal,
    totalCents: total,
    paidCents: sums.paid,
    status: sql`case
      when ${invoices.status} = 'open' and ${paidInFull} then 'paid'
      when ${invoices.status} = 'paid' and not ${paidInFull} then 'open'
      else ${invoices.status} end`,
    paidAt: sql`case
      when ${invoices.status} = 'open' and ${paidInFull} then ${now.toISOString()}::timestamptz
      when ${invoices.status} = 'paid' and not ${paidInFull} then null
      else ${invoices.paidAt} end`,
    updatedAt: now,
  }).where(eq(invoices.id, invoiceId)).returning();
  return updated!;
}

