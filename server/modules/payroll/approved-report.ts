import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { toCsv } from '../../lib/csv.js';
import { notFound } from '../../lib/http-errors.js';
import { offsetOf, toListResult, type PageQuery } from '../../lib/paging.js';
import { dollarsOf, plainDollars } from '../../../shared/money.js';
import { PAYROLL_MESSAGES as M, type ApprovedPayrollFilters, type ApprovedPayrollRow } from '../../../shared/contracts/payroll.js';
import { assertPayroll } from './payroll-guard.js';
import { schoolZoneOfAlias } from '../../lib/school-clock.js';

type Filters = Pick<ApprovedPayrollFilters, 'from' | 'to' | 'teacherId'>;

type Row = {
  payroll_id: string; period_from: string; period_to: string; approved_at: Date | string; approved_on: string; teacher_id: string; first_name: string; last_name: string;
  private_lessons: number; group_lessons: number; lessons_cents: number; adjustments_cents: number;
  total_count: number; sum_lessons_cents: number; sum_adjustments_cents: number;
};

/**
 * One row an approved payroll a teacher: lessons per kind, their money, the adjustments and the
 * total; a period filter keeps payrolls that overlap it. The window sums give the whole filter's totals.
 * The day of approval is the school's (decision 072): an evening's approval in New York is not the next day's.
 */
function approvedRowsSql(adminId: string, f: Filters, page?: PageQuery) {
  return sql`
    select * , count(*) over ()::int as total_count,
      sum(lessons_cents) over ()::int as sum_lessons_cents, sum(adjustments_cents) over ()::int as sum_adjustments_cents
    from (
      select p.id as payroll_id, p.period_from::text as period_from, p.period_to::text as period_to, p.approved_at,
        (p.approved_at at time zone ${schoolZoneOfAlias('s')})::date::text as approved_on,
        u.id as teacher_id, u.first_name, u.last_name,
        coalesce((select sum(lesson_count) from payroll_lines l where l.payroll_id = p.id and l.teacher_id = u.id and l.lesson_kind = 'private'), 0)::int as private_lessons,
        coalesce((select sum(lesson_count) from payroll_lines l where l.payroll_id = p.id and l.teacher_id = u.id and l.lesson_kind = 'class_group'), 0)::int as group_lessons,
        coalesce((select sum(amount_cents) from payroll_lines l where l.payroll_id = p.id and l.teacher_id = u.id), 0)::int as lessons_cents,
        coalesce((select sum(case when a.kind = 'bonus' then a.amount_cents else -a.amount_cents end) from payroll_adjustments a
          where a.payroll_id = p.id and a.teacher_id = u.id), 0)::int as adjustments_cents
      from payrolls p
      join (select payroll_id, teacher_id from payroll_lines union select payroll_id, teacher_id from payroll_adjustments) pt on pt.payroll_id = p.id
      join users u on u.id = pt.teacher_id
      left join schools s on s.admin_id = p.admin_id
      where p.admin_id = ${adminId} and p.status = 'approved'
        ${f.from ? sql`and p.period_to >= ${f.from}::date` : sql``}
        ${f.to ? sql`and p.period_from <= ${f.to}::date` : sql``}
        ${f.teacherId ? sql`and u.id = ${f.teacherId}` : sql``}
    ) r
    order by period_from desc, last_name, first_name, teacher_id
    ${page ? sql`limit ${page.limit} offset ${offsetOf(page)}` : sql``}`;
}

const present = (r: Row): ApprovedPayrollRow => ({
  payrollId: r.payroll_id, from: r.period_from, to: r.period_to, approvedAt: new Date(r.approved_at).toISOString(),
  teacher: { _id: r.teacher_id, first_name: r.first_name, last_name: r.last_name },
  privateLessons: r.private_lessons, groupLessons: r.group_lessons,
  lessonsTotal: dollarsOf(r.lessons_cents), adjustmentsTotal: dollarsOf(r.adjustments_cents), total: dollarsOf(r.lessons_cents + r.adjustments_cents),
});

export async function listApprovedPayroll(tx: Tx, actor: Actor, q: Filters & PageQuery) {
  const adminId = assertPayroll(actor);
  const rows = (await tx.execute(approvedRowsSql(adminId, q, q))).rows as Row[];
  let first = rows[0];
  // A page past the end carries no totals: read them from the first page.
  if (!first && q.page > 1) first = ((await tx.execute(approvedRowsSql(adminId, q, { page: 1, limit: 1 }))).rows as Row[])[0];
  const lessons = first?.sum_lessons_cents ?? 0;
  const adjustments = first?.sum_adjustments_cents ?? 0;
  return {
    ...toListResult(rows.map(present), first?.total_count ?? 0, q),
    totals: { lessons: dollarsOf(lessons), adjustments: dollarsOf(adjustments), total: dollarsOf(lessons + adjustments) },
  };
}


export async function exportApprovedPayroll(tx: Tx, actor: Actor, f: Filters): Promise<string> {
  const adminId = assertPayroll(actor);
  const rows = (await tx.execute(approvedRowsSql(adminId, f))).rows as Row[];
  return toCsv([
    ['Period from', 'Period to', 'Approved', 'Teacher', 'Private lessons', 'Class/Group lessons', 'Lessons amount', 'Adjustments', 'Total'],
    ...rows.map((r) => [r.period_from, r.period_to, r.approved_on, `${r.first_name} ${r.last_name}`,
      r.private_lessons, r.group_lessons, plainDollars(r.lessons_cents), plainDollars(r.adjustments_cents), plainDollars(r.lessons_cents + r.adjustments_cents)]),
  ]);
}

/** One approved payroll's teacher, for the payslip (404 when the payroll is not approved or the teacher not in it). */
export async function approvedRowOf(tx: Tx, adminId: string, payrollId: string, teacherId: string) {
  const rows = (await tx.execute(sql`select * from (${approvedRowsSql(adminId, { teacherId })}) x where payroll_id = ${payrollId}`)).rows as Row[];
  if (!rows[0]) throw notFound(M.notFound);
  return rows[0];
}
