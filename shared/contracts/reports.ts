import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { SCHOOL_STAFF_ROLES } from '../roles.js';
import { uuid } from './common.js';
import { defineRoute, fileResponse } from './route.js';
import { LESSON_YEARS_AHEAD, REPORT_YEARS_BACK, dateWithinYears } from './scheduling.js';

/**
 * The student report (/reporting/student): one row a student for a period (the school's days,
 * `from` to `to` inclusive): lessons scheduled, attended, missed, banked, the attendance rate,
 * practice minutes and assignments done, invoices and balance, instruments and levels. Calls
 * under /api/reporting:
 *   POST getStudentReport     (one page, 10 rows by default)
 *   POST exportStudentReport  (the same filters, every row as CSV)
 * Staff see the school's students, a teacher their students, a student themself, a parent their children.
 */
const reportDate = dateWithinYears(REPORT_YEARS_BACK, LESSON_YEARS_AHEAD);

export const STUDENT_STATUSES = ['active', 'inactive'] as const;

const filterFields = {
  from: reportDate,
  to: reportDate,
  teacherId: uuid.optional(),
  /** The instrument (a genre of the student's). */
  genreId: uuid.optional(),
  status: z.enum(STUDENT_STATUSES, { error: 'Please choose active or inactive' }).optional(),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  else if (Date.parse(v.to) - Date.parse(v.from) > 3 * 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose at most three years at once' });
}

export const studentReportFilters = z.object(filterFields).superRefine(checkRange);
export type StudentReportFilters = z.input<typeof studentReportFilters>;

export const studentReportListBody = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.reports),
}).superRefine(checkRange);
export type StudentReportListQuery = z.input<typeof studentReportListBody>;

export const studentReportRow = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(STUDENT_STATUSES),
  /** Lessons of the student starting in the period that the school did not cancel. */
  scheduled: z.number().int(),
  /** Marked present or late. */
  attended: z.number().int(),
  /** Marked absent. */
  missed: z.number().int(),
  /** Lessons of the period banked as make-up credits (revoked ones left out). */
  banked: z.number().int(),
  /** attended / (attended + missed), a whole percent; null when nothing was marked either way. */
  attendanceRate: z.number().int().nullable(),
  practiceMinutes: z.number().int(),
  /** Assignments due in the period with every song ticked. */
  assignmentsDone: z.number().int(),
  /** Invoices issued in the period (drafts and void ones left out), and their total. */
  invoices: z.number().int(),
  invoicedCents: z.number().int(),
  /** What the student's open invoices still owe today, whenever issued. */
  balanceCents: z.number().int(),
  /** "Piano (beginner)", one a genre, by name. */
  instruments: z.array(z.object({ name: z.string(), level: z.string() })),
  /** Quiz attempts submitted in the period, with their best and latest whole-percent scores (null with none). */
  quizAttempts: z.number().int(),
  quizBestPercent: z.number().int().nullable(),
  quizLastPercent: z.number().int().nullable(),
});
export type StudentReportRow = z.infer<typeof studentReportRow>;

export const studentReportAnswer = z.object({
  results: z.array(studentReportRow),
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  /** The school's currency, for the money columns. */
  currency: z.string(),
  timeZone: z.string(),
});
export type StudentReportAnswer = z.infer<typeof studentReportAnswer>;

export const STUDENT_REPORT_CSV_HEADER = [
  'Student', 'Status', 'Scheduled', 'Attended', 'Missed', 'Banked', 'Attendance Rate', 'Practice Minutes',
  'Assignments Done', 'Invoices', 'Invoiced', 'Balance', 'Instruments', 'Quiz Attempts', 'Best Quiz Score', 'Last Quiz Score',
] as const;

// --- routes (decision 059) ----------------------------------------------------------------

/** Staff, teachers and families; the reports policy (studentReportReach) decides whose rows each reads. */
const meta = { roles: [...SCHOOL_STAFF_ROLES, 'teacher', 'student', 'parent'], tags: ['reports'] } as const;

export const REPORT_ROUTES = {
  getStudentReport: defineRoute({ method: 'POST', path: '/reporting/getStudentReport', body: studentReportListBody, response: studentReportAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  exportStudentReport: defineRoute({ method: 'POST', path: '/reporting/exportStudentReport', body: studentReportFilters, response: fileResponse('text/csv'), meta: { ...meta, lapsedSchool: 'open' } }),
};
