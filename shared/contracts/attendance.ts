import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { uuid } from './common.js';
import { defineRoute, fileResponse } from './route.js';
import { ATTENDANCE_STATUSES, LESSON_YEARS_AHEAD, REPORT_YEARS_BACK, dateWithinYears } from './scheduling.js';

/**
 * The attendance report (/reporting/attendance, every role that has it): one row a student a
 * lesson whose attendance was taken, by date range, teacher, student and status; paged, with
 * totals by status and a count a month for the chart. Calls under /api/reporting:
 *   POST getAttendance  (list with totals and chart)
 *   POST exportAttendance  (the same filters, every row as CSV)
 * Staff see the school, a teacher their lessons, a student themself, a parent their children.
 */
const reportDate = dateWithinYears(REPORT_YEARS_BACK, LESSON_YEARS_AHEAD);
const filterFields = {
  from: reportDate,
  to: reportDate,
  teacherId: uuid.optional(),
  studentId: uuid.optional(),
  status: z.enum(ATTENDANCE_STATUSES).optional(),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  else if (Date.parse(v.to) - Date.parse(v.from) > 3 * 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose at most three years at once' });
}

/** exportAttendance: the filters alone. */
export const attendanceFilters = z.object(filterFields).superRefine(checkRange);
export type AttendanceFilters = z.input<typeof attendanceFilters>;

export const ATTENDANCE_SORTS = ['date', 'student', 'status'] as const;

export const attendanceListBody = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.reports),
  sortBy: z.enum(ATTENDANCE_SORTS).default('date'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
}).superRefine(checkRange);
export type AttendanceListQuery = z.input<typeof attendanceListBody>;

const person = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });

export const attendanceRow = z.object({
  _id: z.string(),
  lessonId: z.string(),
  /** The lesson's start, ISO 8601 with the school's offset. */
  date: z.string(),
  student: person,
  teacher: person.nullable(),
  lessonType: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  /** The teacher's note: staff and teachers see every note, a student or parent only shared ones. */
  note: z.string().nullable(),
  noteShared: z.boolean(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;

export const attendanceTotals = z.object({
  present: z.number().int(), absent: z.number().int(), late: z.number().int(), excused: z.number().int(), cancelled: z.number().int(),
});
export type AttendanceTotals = z.infer<typeof attendanceTotals>;

export const attendanceAnswer = z.object({
  results: z.array(attendanceRow),
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totals: attendanceTotals,
  /** One entry a month of the range ('YYYY-MM'), with counts by status, for the chart. */
  byMonth: z.array(attendanceTotals.extend({ month: z.string() })),
  timeZone: z.string(),
});
export type AttendanceAnswer = z.infer<typeof attendanceAnswer>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Any signed-in person reads the report, scoped to what they may see. */
const meta = { roles: 'signedIn', tags: ['attendance'] } as const;

export const ATTENDANCE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/reporting/getAttendance', body: attendanceListBody, response: attendanceAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  /** Every row of the same filters as a CSV file. */
  export: defineRoute({ method: 'POST', path: '/reporting/exportAttendance', body: attendanceFilters, response: fileResponse('text/csv'), meta: { ...meta, lapsedSchool: 'open' } }),
};
