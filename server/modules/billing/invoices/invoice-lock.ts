import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoices, payments } from '../../../db/schema/index.js';
import { conflict } from '../../../lib/http-errors.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';

/**
 * One invoice's money moves one change at a time (decision 070). Every change of it (a card
 * charge's attempt and outcome, a refund, cash or a check recorded, a void, an edit, a late fee)
 * first locks the invoice row, and locks nothing of the invoice's before it: one order of locks
 * everywhere, so two changes queue and never deadlock.
 */
export async function lockInvoice(tx: Tx, adminId: string, invoiceId: string): Promise<typeof invoices.$inferSelect | undefined> {
  const [row] = await tx.select().from(invoices).where(and(eq(invoices.id, invoiceId), eq(invoices.adminId, adminId))).for('update');
  return row;
}

/**
 * Whether a card charge of the invoice is pending: its gateway call is out (the row lock is not
 * held across it) or its answer was lost, so its money may yet come in. Call it with the invoice
 * locked: a charge's attempt row is written under the same lock.
 */
export async function cardChargeInFlight(tx: Tx, invoiceId: string): Promise<boolean> {
  const [row] = await tx.select({ id: payments.id }).from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.kind, 'charge'), eq(payments.status, 'pending'))).limit(1);
  return Boolean(row);
}

/**
 * The pending charge is a lease on the invoice: until its outcome is recorded (by the request,
 * or by the reconciliation job once its answer is lost), nothing else may change what is owed or
 * paid: another charge, cash or a check, a void, an edit. 409, nothing changed.
 */
export async function refuseWhileCharging(tx: Tx, invoiceId: string): Promise<void> {
  if (await cardChargeInFlight(tx, invoiceId)) throw conflict(PAYMENT_MESSAGES.inProgress);
}
