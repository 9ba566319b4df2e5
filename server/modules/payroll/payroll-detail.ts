import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payrollAdjustments, payrollLessons, payrollLines, payrolls, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows, type PageQuery } from '../../lib/paging.js';
import {
  PAYROLL_MESSAGES as M, type LessonKind, type PayrollDetail, type PayrollLesson, type PayrollStatus, type PayrollSummary,
} from '../../../shared/contracts/payroll.js';
import { assertPayroll } from './payroll-guard.js';
import { presentLesson, presentSummary, presentTeachers } from './presenter.js';
import { schoolZoneOf } from '../../lib/school-clock.js';

/** The payroll row's id, qualified: inside a subquery a bare "id" would be the inner table's. */
const PAYROLL_ID = sql.raw('"payrolls"."id"');

/** Per payroll: its teachers, lessons and total (lines plus bonuses minus deductions), in cents. */
const lineTotals = sql`(select count(distinct teacher_id)::int as teachers, coalesce(sum(lesson_count), 0)::int as lessons, coalesce(sum(amount_cents), 0)::int as cents
  from payroll_lines where payroll_id = ${PAYROLL_ID})`;
const adjustmentTotal = sql<number>`(select coalesce(sum(case when kind = 'bonus' then amount_cents else -amount_cents end), 0)::int from payroll_adjustments where payroll_id = ${PAYROLL_ID})`;

const summaryColumns = {
  id: payrolls.id, periodFrom: payrolls.periodFrom, periodTo: payrolls.periodTo, status: payrolls.status,
  createdAt: payrolls.createdAt, approvedAt: payrolls.approvedAt,
  teachers: sql<number>`(select count(*) from (select teacher_id from payroll_lines where payroll_id = ${PAYROLL_ID} union select teacher_id from payroll_adjustments where payroll_id = ${PAYROLL_ID}) x)::int`,
  lessons: sql<number>`(select lessons from ${lineTotals} lt)`,
  totalCents: sql<number>`((select cents from ${lineTotals} lt) + ${adjustmentTotal})`,
};

export async function listPayrolls(tx: Tx, actor: Actor, q: PageQuery & { status?: PayrollStatus }) {
  const adminId = assertPayroll(actor);
  const where = and(eq(payrolls.adminId, adminId), q.status ? eq(payrolls.status, q.status) : undefined);
  const rows = await tx.select({ ...summaryColumns, total: totalRows }).from(payrolls).where(where)
    .orderBy(desc(payrolls.periodFrom), desc(payrolls.createdAt)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.$count(payrolls, where)));
  return toListResult<PayrollSummary, Record<never, number>>(rows.map(presentSummary), total, q);
}

export async function findPayrollSummary(tx: Tx, adminId: string, id: string) {
  const [row] = await tx.select(summaryColumns).from(payrolls).where(and(eq(payrolls.id, id), eq(payrolls.adminId, adminId)));
  if (!row) throw notFound(M.notFound);
  return row;
}

/** A payroll with each teacher's figures per lesson kind and their adjustments. */
export async function payrollDetail(tx: Tx, actor: Actor, id: string): Promise<PayrollDetail> {
  const adminId = assertPayroll(actor);
  const summary = await findPayrollSummary(tx, adminId, id);
  const person = { id: users.id, firstName: users.firstName, lastName: users.lastName };
  const lines = await tx.select({ line: payrollLines, teacher: person }).from(payrollLines)
    .innerJoin(users, eq(users.id, payrollLines.teacherId)).where(eq(payrollLines.payrollId, id));
  const adjustments = await tx.select({ adjustment: payrollAdjustments, teacher: person }).from(payrollAdjustments)
    .innerJoin(users, eq(users.id, payrollAdjustments.teacherId)).where(eq(payrollAdjustments.payrollId, id))
    .orderBy(asc(payrollAdjustments.createdAt));
  return { ...presentSummary(summary), rows: presentTeachers(lines, adjustments) };
}

/** The lessons behind one figure (a teacher's lessons of one kind), on the school's clock. */
export async function payrollLessonsOf(tx: Tx, actor: Actor, id: string, teacherId: string, kind: LessonKind): Promise<{ results: PayrollLesson[] }> {
  const adminId = assertPayroll(actor);
  await findPayrollSummary(tx, adminId, id);
  const zone = await schoolZoneOf(tx, adminId);
  const students = sql<string[]>`coalesce((select array_agg(u.first_name || ' ' || u.last_name order by u.last_name, u.first_name)
    from lesson_students ls join users u on u.id = ls.student_id where ls.lesson_id = ${payrollLessons.lessonId}), '{}')`;
  const rows = await tx.select({ lesson: payrollLessons, students }).from(payrollLessons)
    .innerJoin(payrollLines, eq(payrollLines.id, payrollLessons.lineId))
    .where(and(eq(payrollLessons.payrollId, id), eq(payrollLines.teacherId, teacherId), eq(payrollLines.lessonKind, kind)))
    .orderBy(asc(payrollLessons.startsAt));
  return { results: rows.map((r) => presentLesson(r.lesson, r.students, zone)) };
}
