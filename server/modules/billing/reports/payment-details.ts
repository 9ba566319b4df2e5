import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoices, payments, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { notFound } from '../../../lib/http-errors.js';
import { amountDueCents, dollarsOf } from '../../../../shared/money.js';
import { formatInvoiceNumber, invoiceStatusOf } from '../../../../shared/contracts/billing.js';
import { PAYMENT_REPORT_MESSAGES, type PaymentDetailsAnswer, type PaymentDetailsRow } from '../../../../shared/contracts/billing-reports.js';
import { presentPayment, selectPayments, type PaymentLine } from './payment-rows.js';
import { reportReach, scopeCondition } from './payment-scope.js';
import { todayIn } from '../../../../shared/school-clock.js';
import { schoolZoneOf } from '../../../lib/school-clock.js';

type Extra = { message: string; gatewayTransactionId: string | null; refundOfId: string | null; recordedBy: string | null };

async function extrasOf(tx: Tx, ids: string[]): Promise<Map<string, Extra & { recorder: PaymentDetailsRow['recordedBy'] }>> {
  const rows = await tx.select({
    id: payments.id, message: payments.message, gatewayTransactionId: payments.gatewayTransactionId, refundOfId: payments.refundOfId,
    recordedBy: payments.recordedBy, first: users.firstName, last: users.lastName,
  }).from(payments).leftJoin(users, eq(users.id, payments.recordedBy)).where(inArray(payments.id, ids));
  return new Map(rows.map((r) => [r.id, {
    ...r,
    recorder: r.recordedBy && r.first !== null ? { _id: r.recordedBy, first_name: r.first, last_name: r.last ?? '' } : null,
  }]));
}

/**
 * /reporting/payment-details/{id}: the payment (a report row), its invoice and every payment of
 * that invoice. Reached by the same rules as the report: a payment outside them, or of another
 * school, is not found.
 */
export async function paymentDetails(tx: Tx, actor: Actor, id: string): Promise<PaymentDetailsAnswer> {
  const reach = await reportReach(tx, actor, undefined);
  const [found] = await selectPayments(tx, and(eq(payments.id, id), scopeCondition(reach))!);
  if (!found) throw notFound(PAYMENT_REPORT_MESSAGES.paymentNotFound);
  // The superadmin's reach spans schools: the payment's own school gives the zone.
  const zone = reach.scope.kind === 'all' ? await schoolZoneOf(tx, found.adminId) : reach.timeZone;
  const siblings = await selectPayments(tx, and(eq(payments.invoiceId, found.invoiceId), scopeCondition(reach))!)
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.invoiceId));
  const extras = await extrasOf(tx, siblings.map((s) => s.id));
  const present = (line: PaymentLine): PaymentDetailsRow => {
    const extra = extras.get(line.id);
    return {
      ...presentPayment(line, zone),
      source: line.source,
      message: extra?.message ?? '',
      gatewayTransactionId: extra?.gatewayTransactionId ?? null,
      refundOfId: extra?.refundOfId ?? null,
      recordedBy: extra?.recorder ?? null,
    };
  };
  const inv = invoice!;
  return {
    payment: present(found),
    invoice: {
      _id: inv.id,
      number: formatInvoiceNumber(inv.number),
      status: invoiceStatusOf(inv, todayIn(zone)),
      issuedOn: inv.issuedOn,
      dueOn: inv.dueOn,
      total: dollarsOf(inv.totalCents),
      paid: dollarsOf(inv.paidCents),
      balance: dollarsOf(amountDueCents(inv.totalCents, inv.paidCents)),
      currency: inv.currency,
    },
    payments: siblings.map(present),
    timeZone: zone,
  };
}
