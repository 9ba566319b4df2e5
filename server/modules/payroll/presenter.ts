import { dollarsOf } from '../../../shared/money.js';
import type {
  LessonKind, PaidReason, PayrollLesson, PayrollStatus, PayrollSummary, PayrollTeacher,
} from '../../../shared/contracts/payroll.js';
import { LESSON_KINDS } from '../../../shared/contracts/payroll.js';
import type { payrollAdjustments, payrollLessons, payrollLines } from '../../db/schema/index.js';
import { inZone } from '../../../shared/school-clock.js';

type Person = { id: string; firstName: string; lastName: string };
const presentPerson = (p: Person) => ({ _id: p.id, first_name: p.firstName, last_name: p.lastName });

export function presentSummary(r: { id: string; periodFrom: string; periodTo: string; status: string; createdAt: Date; approvedAt: Date | null; teachers: number; lessons: number; totalCents: number }): PayrollSummary {
  return {
    _id: r.id, from: r.periodFrom, to: r.periodTo, status: r.status as PayrollStatus, teachers: Number(r.teachers), lessons: Number(r.lessons),
    total: dollarsOf(Number(r.totalCents)), createdAt: r.createdAt.toISOString(), approvedAt: r.approvedAt?.toISOString() ?? null,
  };
}

/** A teacher's total in cents: lessons at their rates, plus bonuses, minus deductions. */
export const signedCents = (a: { kind: string; amountCents: number }) => (a.kind === 'bonus' ? a.amountCents : -a.amountCents);

/** One row a teacher (by name), figures in the order private then class/group. */
export function presentTeachers(
  lines: { line: typeof payrollLines.$inferSelect; teacher: Person }[],
  adjustments: { adjustment: typeof payrollAdjustments.$inferSelect; teacher: Person }[],
): PayrollTeacher[] {
  const byTeacher = new Map<string, { teacher: Person; lines: typeof lines; adjustments: typeof adjustments }>();
  const entry = (t: Person) => byTeacher.get(t.id) ?? byTeacher.set(t.id, { teacher: t, lines: [], adjustments: [] }).get(t.id)!;
  for (const l of lines) entry(l.teacher).lines.push(l);
  for (const a of adjustments) entry(a.teacher).adjustments.push(a);
  return [...byTeacher.values()]
    .sort((a, b) => a.teacher.lastName.localeCompare(b.teacher.lastName) || a.teacher.firstName.localeCompare(b.teacher.firstName))
    .map(({ teacher, lines: ls, adjustments: as }) => {
      const lessonsCents = ls.reduce((s, { line }) => s + line.amountCents, 0);
      const adjustmentsCents = as.reduce((s, { adjustment }) => s + signedCents(adjustment), 0);
      return {
        teacher: presentPerson(teacher),
        lines: ls.map(({ line }) => line)
          .sort((a, b) => LESSON_KINDS.indexOf(a.lessonKind as LessonKind) - LESSON_KINDS.indexOf(b.lessonKind as LessonKind))
          .map((line) => ({ _id: line.id, kind: line.lessonKind as LessonKind, lessons: line.lessonCount, rate: dollarsOf(line.rateCents), amount: dollarsOf(line.amountCents) })),
        adjustments: as.map(({ adjustment: a }) => ({ _id: a.id, kind: a.kind as 'bonus' | 'deduction', amount: dollarsOf(a.amountCents), reason: a.reason, createdAt: a.createdAt.toISOString() })),
        lessonsTotal: dollarsOf(lessonsCents),
        adjustmentsTotal: dollarsOf(adjustmentsCents),
        total: dollarsOf(lessonsCents + adjustmentsCents),
      };
    });
}

export function presentLesson(l: typeof payrollLessons.$inferSelect, students: string[], zone: string): PayrollLesson {
  return { _id: l.id, date: inZone(l.startsAt, zone).toISO()!, lessonType: l.lessonTypeName, students, reason: l.reason as PaidReason };
}
