import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { requiredString, uuid } from './common.js';
import { moneyField } from './money.js';
import { LESSON_YEARS_AHEAD, REPORT_YEARS_BACK, dateWithinYears } from './scheduling.js';
import { defineRoute, fileResponse, listResultOf, noData } from './route.js';
import { SCHOOL_STAFF_ROLES } from '../roles.js';

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
const payrollPerson = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });
export type PayrollPerson = z.infer<typeof payrollPerson>;
const payrollLine = z.object({ _id: z.string(), kind: z.enum(LESSON_KINDS), lessons: z.number(), rate: z.number(), amount: z.number() });
export type PayrollLine = z.infer<typeof payrollLine>;
const payrollAdjustment = z.object({ _id: z.string(), kind: z.enum(ADJUSTMENT_KINDS), amount: z.number(), reason: z.string(), createdAt: z.string() });
export type PayrollAdjustment = z.infer<typeof payrollAdjustment>;
const payrollTeacher = z.object({
  teacher: payrollPerson, lines: z.array(payrollLine), adjustments: z.array(payrollAdjustment), lessonsTotal: z.number(), adjustmentsTotal: z.number(), total: z.number(),
});
export type PayrollTeacher = z.infer<typeof payrollTeacher>;
const payrollSummary = z.object({
  _id: z.string(), from: z.string(), to: z.string(), status: z.enum(PAYROLL_STATUSES), teachers: z.number(), lessons: z.number(), total: z.number(),
  createdAt: z.string(), approvedAt: z.string().nullable(),
});
export type PayrollSummary = z.infer<typeof payrollSummary>;
const payrollDetail = payrollSummary.extend({ rows: z.array(payrollTeacher) });
export type PayrollDetail = z.infer<typeof payrollDetail>;
const payrollLesson = z.object({ _id: z.string(), date: z.string(), lessonType: z.string(), students: z.array(z.string()), reason: z.enum(PAID_REASONS) });
export type PayrollLesson = z.infer<typeof payrollLesson>;
const approvedPayrollRow = z.object({
  payrollId: z.string(), from: z.string(), to: z.string(), approvedAt: z.string(), teacher: payrollPerson,
  privateLessons: z.number(), groupLessons: z.number(), lessonsTotal: z.number(), adjustmentsTotal: z.number(), total: z.number(),
});
export type ApprovedPayrollRow = z.infer<typeof approvedPayrollRow>;
const approvedPayrollAnswer = listResultOf(approvedPayrollRow).extend({
  totals: z.object({ lessons: z.number(), adjustments: z.number(), total: z.number() }),
});
export type ApprovedPayrollAnswer = z.infer<typeof approvedPayrollAnswer>;
/** The settings with scheduling's notice window, which decides what a late cancellation is. */
const payrollSettingsAnswer = payrollSettingsBody.extend({ noticeHours: z.number() });

// --- routes (decision 059) ----------------------------------------------------------------

/**
 * The school's staff; a sub-admin only with allow_payroll_report (policies/payroll.ts, asked
 * before anything is read).
 */
const meta = { roles: SCHOOL_STAFF_ROLES, tags: ['payroll'] } as const;

export const PAYROLL_ROUTES = {
  getSettings: defineRoute({ method: 'GET', path: '/payroll/settings', response: payrollSettingsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  saveSettings: defineRoute({ method: 'POST', path: '/payroll/settings', body: payrollSettingsBody, response: payrollSettingsAnswer, meta }),
  generate: defineRoute({ method: 'POST', path: '/payroll/generate', body: generatePayrollBody, response: payrollDetail, meta }),
  list: defineRoute({ method: 'POST', path: '/payroll/list', body: payrollListBody, response: listResultOf(payrollSummary), meta: { ...meta, lapsedSchool: 'open' } }),
  approved: defineRoute({ method: 'POST', path: '/payroll/approved', body: approvedPayrollBody, response: approvedPayrollAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  exportApproved: defineRoute({ method: 'POST', path: '/payroll/exportApproved', body: approvedPayrollFilters, response: fileResponse('text/csv'), meta: { ...meta, lapsedSchool: 'open' } }),
  addAdjustment: defineRoute({ method: 'POST', path: '/payroll/adjustment', body: adjustmentBody, response: payrollDetail, meta }),
  deleteAdjustment: defineRoute({ method: 'DELETE', path: '/payroll/adjustment', body: adjustmentIdBody, response: payrollDetail, meta }),
  view: defineRoute({ method: 'GET', path: '/payroll/:id', params: payrollIdParams, response: payrollDetail, meta: { ...meta, lapsedSchool: 'open' } }),
  lessons: defineRoute({ method: 'GET', path: '/payroll/:id/lessons', params: payrollIdParams, querystring: payrollLessonsQuery, response: z.object({ results: z.array(payrollLesson) }), meta: { ...meta, lapsedSchool: 'open' } }),
  regenerate: defineRoute({ method: 'POST', path: '/payroll/:id/regenerate', params: payrollIdParams, response: payrollDetail, meta }),
  approve: defineRoute({ method: 'POST', path: '/payroll/:id/approve', params: payrollIdParams, response: payrollDetail, meta }),
  delete: defineRoute({ method: 'DELETE', path: '/payroll/:id', params: payrollIdParams, response: noData, meta }),
  payslip: defineRoute({ method: 'GET', path: '/payroll/:id/payslip/:teacherId', params: payslipParams, response: fileResponse('application/pdf'), meta: { ...meta, lapsedSchool: 'open' } }),
};
