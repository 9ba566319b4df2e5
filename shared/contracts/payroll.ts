import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { requiredString, uuid } from './common.js';
import { moneyField } from './money.js';
import { LESSON_YEARS_AHEAD, REPORT_YEARS_BACK, dateWithinYears } from './scheduling.js';

/**
 * Payroll (issue 15): what each teacher is paid for the lessons they taught in a period. Calls under /api/payroll
 * (admin; a sub-admin only with allow_payroll_report):
 *   GET    settings                 what counts: held lessons always, no-shows and late cancellations by choice
 *   POST   settings                 change it
 *   POST   generate                 a payroll for from–to and all or chosen teachers ("generated")
 *   POST   list                     payrolls by status and period, paged 10
 *   GET    {id}                     one payroll: each teacher's figures per lesson kind, adjustments, totals
 *   GET    {id}/lessons             the lessons behind one figure (?teacherId=&kind=)
 *   POST   {id}/regenerate          counted again from the calendar (adjustments kept)
 *   POST   {id}/approve             locked; its lessons are never paid again
 *   DELETE {id}                     a generated payroll, gone
 *   POST   adjustment               a bonus or deduction with a reason
 *   DELETE adjustment               remove one
 *   POST   approved                 approved payrolls' teachers by period and teacher, with totals
 *   POST   exportApproved           the same as CSV
 *   GET    {id}/payslip/{teacherId} one teacher's payslip (PDF)
 */
export const PAYROLL_MESSAGES = {
  generated: 'Payroll generated successfully',
  regenerated: 'Payroll regenerated successfully',
  approved: 'Payroll approved successfully',
  deleted: 'Payroll deleted successfully',
  adjusted: 'Adjustment added successfully',
  adjustmentDeleted: 'Adjustment deleted successfully',
  settingsSaved: 'Payroll settings saved successfully',
  notFound: 'Payroll not found',
  adjustmentNotFound: 'Adjustment not found',
  teacherNotFound: 'Please choose teachers of this school',
  locked: 'This payroll is approved and can no longer be changed',
  alreadyApproved: 'This payroll is already approved',
  lessonPaid: 'Some of these lessons are already in an approved payroll: regenerate this payroll first',
  reasonRequired: 'Reason is Required',
  amountPositive: 'Please enter an amount above 0',
  notInPayroll: 'This teacher is not in this payroll',
} as const;
const M = PAYROLL_MESSAGES;

export const LESSON_KINDS = ['private', 'class_group'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const LESSON_KIND_LABELS: Record<LessonKind, string> = { private: 'Private', class_group: 'Class/Group' };
export const PAYROLL_STATUSES = ['generated', 'approved'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const ADJUSTMENT_KINDS = ['bonus', 'deduction'] as const;
/** Why a lesson is paid: held (someone present or late), a no-show, a late cancellation. */
export const PAID_REASONS = ['held', 'no_show', 'late_cancellation'] as const;
export type PaidReason = (typeof PAID_REASONS)[number];
export const PAID_REASON_LABELS: Record<PaidReason, string> = { held: 'Held', no_show: 'No-show', late_cancellation: 'Late cancellation' };

export const TEACHERS_MAX = 500;
export const REASON_MAX = 200;
/** A payroll covers at most a year: a month is the usual. */
const PERIOD_MAX_DAYS = 366;

const payrollDate = dateWithinYears(REPORT_YEARS_BACK, LESSON_YEARS_AHEAD);

function checkRange(v: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  else if (Date.parse(v.to) - Date.parse(v.from) > PERIOD_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose at most a year at once' });
}

export const payrollSettingsBody = z.object({
  payNoShows: z.boolean(),
  payLateCancellations: z.boolean(),
});
export type PayrollSettings = z.infer<typeof payrollSettingsBody>;

export const generatePayrollBody = z.object({
  from: payrollDate,
  to: payrollDate,
  /** Empty: every teacher of the school. */
  teacherIds: z.array(uuid).max(TEACHERS_MAX, `Choose at most ${TEACHERS_MAX} teachers`).default([]),
}).superRefine(checkRange);
export type GeneratePayrollForm = z.input<typeof generatePayrollBody>;

export const payrollListBody = z.object({
  status: z.enum(PAYROLL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.payroll),
});

export const payrollIdParams = z.object({ id: uuid });
export const payslipParams = z.object({ id: uuid, teacherId: uuid });
export const payrollLessonsQuery = z.object({ teacherId: uuid, kind: z.enum(LESSON_KINDS) });

export const adjustmentBody = z.object({
  payrollId: uuid,
  teacherId: uuid,
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: moneyField.refine((c) => c > 0, M.amountPositive),
  reason: requiredString(M.reasonRequired).max(REASON_MAX, `Reason should allow only ${REASON_MAX} characters.`),
});
export type AdjustmentForm = z.input<typeof adjustmentBody>;
export const adjustmentIdBody = z.object({ id: uuid });

export const approvedPayrollBody = z.object({
  from: payrollDate.optional(),
  to: payrollDate.optional(),
  teacherId: uuid.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.payroll),
}).superRefine(checkRange);
export const approvedPayrollFilters = z.object({
  from: payrollDate.optional(),
  to: payrollDate.optional(),
  teacherId: uuid.optional(),
}).superRefine(checkRange);
export type ApprovedPayrollFilters = z.input<typeof approvedPayrollFilters>;

/* Answers (money as dollars with two decimals, the money rule). */
export type PayrollPerson = { _id: string; first_name: string; last_name: string };
export type PayrollLine = { _id: string; kind: LessonKind; lessons: number; rate: number; amount: number };
export type PayrollAdjustment = { _id: string; kind: (typeof ADJUSTMENT_KINDS)[number]; amount: number; reason: string; createdAt: string };
export type PayrollTeacher = { teacher: PayrollPerson; lines: PayrollLine[]; adjustments: PayrollAdjustment[]; lessonsTotal: number; adjustmentsTotal: number; total: number };
export type PayrollSummary = {
  _id: string; from: string; to: string; status: PayrollStatus; teachers: number; lessons: number; total: number;
  createdAt: string; approvedAt: string | null;
};
export type PayrollDetail = PayrollSummary & { rows: PayrollTeacher[] };
export type PayrollLesson = { _id: string; date: string; lessonType: string; students: string[]; reason: PaidReason };
export type ApprovedPayrollRow = {
  payrollId: string; from: string; to: string; approvedAt: string; teacher: PayrollPerson;
  privateLessons: number; groupLessons: number; lessonsTotal: number; adjustmentsTotal: number; total: number;
};
