import type { Tx } from '../../../db/client.js';
import { payments } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest, fieldError } from '../../../lib/http-errors.js';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/contracts/billing.js';
import { INVOICE_MESSAGES, type RecordPaymentValues } from '../../../../shared/contracts/billing-invoices.js';
import { amountDueCents, dollarsOf, formatMoney } from '../../../../shared/money.js';
import { recordInvoiceActivity } from './invoice-activity.js';
import { findInvoice, fullNameOf, peopleOf } from './invoice-facts.js';
import { refuseWhileCharging } from './invoice-lock.js';
import { recomputeInvoiceTotals } from './invoice-totals.js';
import { loadSchoolBilling } from './school-billing.js';
import { noonOf, todayIn } from '../../../../shared/school-clock.js';

/**
 * Cash or a check the office took for an open invoice: at most the balance; the invoice is paid
 * once nothing is left. The invoice row is locked first, so a card payment at the same moment
 * waits and then sees this one; while a card charge is pending it is refused (409), as its money
 * may be on its way (decision 070).
 */
export async function recordPayment(tx: Tx, actor: Actor, body: RecordPaymentValues): Promise<{ status: string; balance: number }> {
  const invoice = await findInvoice(tx, actor.adminId!, body.id, { lock: true });
  await refuseWhileCharging(tx, invoice.id);
  if (invoice.status !== 'open') throw badRequest(INVOICE_MESSAGES.notPayable);
  const balance = amountDueCents(invoice.totalCents, invoice.paidCents);
  if (body.amount > balance) {
    throw fieldError('amount', `${INVOICE_MESSAGES.amountOverBalance} (${formatMoney(balance, invoice.currency)})`);
  }
  const school = await loadSchoolBilling(tx, invoice.adminId);
  const now = new Date();
  const today = todayIn(school.timeZone, now);
  if (body.paidOn > today) throw fieldError('paidOn', INVOICE_MESSAGES.paidOnFuture);
  // The day it was paid is the day reports file it under; one recorded today keeps its moment.
  const paidAt = body.paidOn === today ? now : noonOf(body.paidOn, school.timeZone);
  await tx.insert(payments).values({
    adminId: invoice.adminId, invoiceId: invoice.id, studentId: invoice.studentId, payerId: invoice.payerId, kind: 'charge',
    method: body.method, source: 'staff', status: 'succeeded', amountCents: body.amount, currency: invoice.currency,
    reference: body.reference, message: `${PAYMENT_METHOD_LABELS[body.method]} recorded by the office`, recordedBy: actor.accountableId,
    createdAt: paidAt, settledAt: paidAt,
  });
  const updated = await recomputeInvoiceTotals(tx, invoice.id, now);
  const { student } = await peopleOf(tx, invoice);
  await recordInvoiceActivity(tx, actor, 'invoice.payment_recorded', invoice, fullNameOf(student),
    `${formatMoney(body.amount, invoice.currency)} ${PAYMENT_METHOD_LABELS[body.method].toLowerCase()}`);
  return { status: updated.status, balance: dollarsOf(amountDueCents(updated.totalCents, updated.paidCents)) };
}
