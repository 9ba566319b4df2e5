import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { toCsv } from '../../../lib/csv.js';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/contracts/billing.js';
import { PAYMENT_STATUS_LABELS, type paymentReportFilters } from '../../../../shared/contracts/billing-reports.js';
import { centsOf, plainDollars } from '../../../../shared/money.js';
import { paymentOrder, presentPayment, selectPayments } from './payment-rows.js';
import { paymentsWhere, reportReach } from './payment-scope.js';
import { inZone } from '../../../../shared/school-clock.js';

/** Years of a large school's payments fit; the cap keeps one request from reading without end. */
const EXPORT_MAX_ROWS = 50_000;

const amount = (dollars: number) => plainDollars(centsOf(dollars));

/**
 * Every row of the filters as CSV, oldest first, on the school's wall clock. Amounts are
 * positive and the Type column says which way the money went (a leading minus would be read as
 * a formula and defused by csvCell). The School column is the superadmin's.
 */
export async function exportPayments(tx: Tx, actor: Actor, f: z.output<typeof paymentReportFilters>): Promise<string> {
  const reach = await reportReach(tx, actor, f.adminId);
  const where = await paymentsWhere(tx, reach, f);
  const rows = await selectPayments(tx, where).orderBy(...paymentOrder('date', 1)).limit(EXPORT_MAX_ROWS);
  const withSchool = actor.role === 'superadmin';
  const header = ['Date', 'Time', ...(withSchool ? ['School'] : []), 'Invoice', 'Student', 'Payer', 'Type', 'Method', 'Card', 'Status', 'Amount', 'Refunded', 'Reference', 'Test mode'];
  return toCsv([header, ...rows.map((line) => {
    const r = presentPayment(line, reach.timeZone);
    const at = inZone(line.createdAt, reach.timeZone);
    return [
      at.toFormat('yyyy-LL-dd'), at.toFormat('HH:mm'), ...(withSchool ? [r.school.school_name] : []), r.invoice.number,
      `${r.student.first_name} ${r.student.last_name}`, `${r.payer.first_name} ${r.payer.last_name}`,
      r.kind === 'refund' ? 'Refund' : 'Payment', PAYMENT_METHOD_LABELS[r.method], r.card ? `${r.card.brand} ${r.card.last4}` : '',
      PAYMENT_STATUS_LABELS[r.status], amount(r.amount), amount(r.refunded), r.reference, r.testMode ? 'Yes' : 'No',
    ];
  })]);
}
