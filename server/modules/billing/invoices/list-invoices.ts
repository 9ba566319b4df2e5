import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { invoices, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { amountDueSql } from '../../../lib/money-sql.js';
import { nameMatches } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import type { InvoiceStatus } from '../../../../shared/contracts/billing.js';
import type { InvoiceListAnswer, invoiceListBody } from '../../../../shared/contracts/billing-invoices.js';
import { presentInvoiceListItem } from './presenter.js';
import { loadSchoolBilling } from './school-billing.js';
import { todayIn } from '../../../../shared/school-clock.js';

type ListQuery = z.output<typeof invoiceListBody>;

/**
 * The statuses people read, as conditions on the stored ones: "partly paid" and "overdue" are an
 * open invoice with money in, or past its due date on the school's clock (invoiceStatusOf).
 */
export function statusCondition(status: InvoiceStatus, today: string): SQL {
  switch (status) {
    case 'draft':
    case 'paid':
    case 'void':
      return eq(invoices.status, status);
    case 'overdue':
      return sql`${invoices.status} = 'open' and ${invoices.dueOn} < ${today}`;
    case 'partly_paid':
      return sql`${invoices.status} = 'open' and ${invoices.dueOn} >= ${today} and ${invoices.paidCents} > 0`;
    case 'open':
      return sql`${invoices.status} = 'open' and ${invoices.dueOn} >= ${today} and ${invoices.paidCents} = 0`;
  }
}

/** "INV-000012", "inv12", "12" or "000012": the number it names, if any. */
export function invoiceNumberOf(search: string): number | null {
  const m = /^(?:inv-?)?0*(\d{1,9})$/i.exec(search.trim());
  return m ? Number(m[1]) : null;
}

function searchCondition(search: string): SQL {
  const number = invoiceNumberOf(search);
  // The names through a subquery: the page stays a scan of invoices alone (admin, created index).
  const named = sql`exists (select 1 from ${users} where ${users.id} in (${invoices.studentId}, ${invoices.payerId}) and ${nameMatches(search)})`;
  return or(number !== null ? eq(invoices.number, number) : undefined, named)!;
}

/**
 * A page of the school's invoices (10 by default), searched by number or by the student's or
 * payer's name, filtered by status, newest first; beside it the school's open and overdue money.
 */
export async function listInvoices(tx: Tx, actor: Actor, q: ListQuery): Promise<InvoiceListAnswer> {
  const school = await loadSchoolBilling(tx, actor.adminId!);
  const today = todayIn(school.timeZone);
  const where = and(
    eq(invoices.adminId, school.adminId),
    q.status ? statusCondition(q.status, today) : undefined,
    q.search ? searchCondition(q.search) : undefined,
  );
  const direction = q.orderBy === -1 ? desc : asc;
  const column = q.sortBy === 'number' ? invoices.number : q.sortBy === 'dueOn' ? invoices.dueOn : invoices.createdAt;
  const rows = await tx.select({ invoice: invoices, total: totalRows }).from(invoices)
    .where(where).orderBy(direction(column), direction(invoices.number)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoices).where(where);
    return row?.n ?? 0;
  });
  // The names of the page's people only, by key: never a join over every invoice the count sees.
  const ids = [...new Set(rows.flatMap((r) => [r.invoice.studentId, r.invoice.payerId]))];
  const people = new Map(ids.length === 0 ? [] : (await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users).where(inArray(users.id, ids))).map((p) => [p.id, p]));
  // The school's money still to come in, whatever the filters: one pass over its open invoices (admin, status, due index).
  const [money] = await tx.select({
    openTotal: sql<number>`coalesce(sum(${amountDueSql(invoices.totalCents, invoices.paidCents)}), 0)`.mapWith(Number),
    openCount: sql<number>`count(*)::int`,
    overdueTotal: sql<number>`coalesce(sum(${amountDueSql(invoices.totalCents, invoices.paidCents)}) filter (where ${invoices.dueOn} < ${today}), 0)`.mapWith(Number),
    overdueCount: sql<number>`(count(*) filter (where ${invoices.dueOn} < ${today}))::int`,
  }).from(invoices).where(and(eq(invoices.adminId, school.adminId), eq(invoices.status, 'open')));
  return toListResult(rows.map((r) => presentInvoiceListItem(r.invoice, people.get(r.invoice.studentId)!, people.get(r.invoice.payerId)!, today)), total, q, {
    openTotal: money!.openTotal / 100, openCount: money!.openCount, overdueTotal: money!.overdueTotal / 100, overdueCount: money!.overdueCount,
  });
}
