import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonTypes } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { dollarsOf } from '../../../../shared/money.js';
import { INVOICE_LINES_MAX, type LessonLine, type lessonLinesBody } from '../../../../shared/contracts/billing-invoices.js';
import { attendedBy } from '../../relations/index.js';
import { assertStudentOfSchool } from './create-invoice.js';
import { loadSchoolBilling } from './school-billing.js';
import { addDays, inZone, startOfLocalDay } from '../../../../shared/school-clock.js';

type LessonLinesQuery = z.output<typeof lessonLinesBody>;

/** "Private Lesson – Mon, Jan 4, 4:00 PM": the lesson's type and start on the school's clock. */
export const lessonLineDescription = (typeName: string, startsAt: Date, timeZone: string) =>
  `${typeName} – ${inZone(startsAt, timeZone).toFormat('ccc, LLL d, h:mm a')}`;

/**
 * One line per lesson of the student's calendar from `from` to `to` (school-local days, both
 * included), earliest first: not cancelled, and not already on one of the student's invoices
 * that stands (not void), so a term is never billed twice. At most a full invoice of lines.
 */
export async function lessonLinesOf(tx: Tx, adminId: string, studentId: string, from: string, to: string, unitPriceCents: number) {
  const school = await loadSchoolBilling(tx, adminId);
  const billed = sql<boolean>`exists (select 1 from invoice_lines il join invoices i on i.id = il.invoice_id
    where il.lesson_id = ${lessons.id} and i.student_id = ${studentId} and i.status <> 'void')`;
  const rows = await tx.select({ id: lessons.id, startsAt: lessons.startsAt, typeName: lessonTypes.name, billed })
    .from(lessons).innerJoin(lessonTypes, eq(lessonTypes.id, lessons.lessonTypeId))
    .where(and(
      eq(lessons.adminId, adminId), ne(lessons.status, 'cancelled'),
      gte(lessons.startsAt, startOfLocalDay(from, school.timeZone)), lt(lessons.startsAt, startOfLocalDay(addDays(to, 1), school.timeZone)),
      attendedBy({ id: sql`${lessons.id}`, classGroupId: sql`${lessons.classGroupId}` }, sql`(${studentId}::uuid)`),
    ))
    .orderBy(asc(lessons.startsAt), asc(lessons.id))
    .limit(INVOICE_LINES_MAX * 2);
  const fresh = rows.filter((r) => !r.billed).slice(0, INVOICE_LINES_MAX);
  return {
    lines: fresh.map((r): LessonLine => ({ description: lessonLineDescription(r.typeName, r.startsAt, school.timeZone), quantity: 1, unitPrice: dollarsOf(unitPriceCents), lessonId: r.id })),
    alreadyInvoiced: rows.filter((r) => r.billed).length,
  };
}

/** "Add lessons" on the New Invoice form: the school's student, the range and price the office typed. */
export async function lessonLines(tx: Tx, actor: Actor, q: LessonLinesQuery): Promise<{ lines: LessonLine[]; alreadyInvoiced: number }> {
  await assertStudentOfSchool(tx, actor.adminId!, q.studentId);
  return lessonLinesOf(tx, actor.adminId!, q.studentId, q.from, q.to, q.unitPrice);
}
