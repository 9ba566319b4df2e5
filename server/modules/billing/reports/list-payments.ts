import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { payments } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { monthsOf } from '../../../lib/months.js';
import { dollarsOf } from '../../../../shared/money.js';
import type { PaymentReportAnswer, paymentReportListBody } from '../../../../shared/contracts/billing-reports.js';
import { paymentOrder, presentPayment, selectPayments } from './payment-rows.js';
import { paymentsWhere, reportReach } from './payment-scope.js';

type ListQuery = z.output<typeof paymentReportListBody>;

const moneyIn = sql`${payments.status} in ('succeeded', 'refunded')`;

/** One page of the report, with the totals and the chart of the whole filter (not of the page). */
export async function listPayments(tx: Tx, actor: Actor, q: ListQuery): Promise<PaymentReportAnswer> {
  const reach = await reportReach(tx, actor, q.adminId);
  const where = await paymentsWhere(tx, reach, q);
  const rows = await selectPayments(tx, where).orderBy(...paymentOrder(q.sortBy, q.orderBy)).limit(q.limit).offset((q.page - 1) * q.limit);
  // One aggregate over the filter gives the chart; the totals and the count are its sums.
  const month = sql<string>`to_char(${payments.createdAt} at time zone ${reach.timeZone}, 'YYYY-MM')`;
  const sums = await tx.select({
    month,
    collected: sql<string>`coalesce(sum(abs(${payments.amountCents})) filter (where ${payments.kind} = 'charge' and ${moneyIn}), 0)`,
    refunded: sql<string>`coalesce(sum(abs(${payments.amountCents})) filter (where ${payments.kind} = 'refund' and ${moneyIn}), 0)`,
    n: sql<number>`count(*)::int`,
  }).from(payments).where(where)
    // By position: the zone is a parameter, and the same expression with a second parameter would not match the select's.
    .groupBy(sql`1`);
  const byMonth = new Map(monthsOf(q.from, q.to).map((m) => [m, { month: m, collected: 0, refunded: 0 }]));
  let collected = 0;
  let refunded = 0;
  let count = 0;
  for (const s of sums) {
    const [inCents, backCents] = [Number(s.collected), Number(s.refunded)];
    collected += inCents;
    refunded += backCents;
    count += Number(s.n);
    const entry = byMonth.get(s.month);
    if (entry) {
      entry.collected = dollarsOf(inCents);
      entry.refunded = dollarsOf(backCents);
    }
  }
  return {
    results: rows.map((r) => presentPayment(r, reach.timeZone)),
    page: q.page,
    limit: q.limit,
    totalCount: count,
    totals: { collected: dollarsOf(collected), refunded: dollarsOf(refunded), net: dollarsOf(collected - refunded), count },
    byMonth: [...byMonth.values()],
    timeZone: reach.timeZone,
  };
}
