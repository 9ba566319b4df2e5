import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './billing.js';
import { uuid } from './common.js';
import { defineRoute, fileResponse } from './route.js';
import { LESSON_YEARS_AHEAD, REPORT_YEARS_BACK, dateWithinYears } from './scheduling.js';

/**
 * The payments report (issue 11): /reports/payment-reporting (superadmin across schools, staff
 * their school, a teacher their students) and /reporting/payments (a student their own, a parent
 * their children's). One row a payment row: a card charge (whatever its outcome), a cash or check
 * payment, or a refund. Calls under /api/reports/payments:
 *   POST list           a page with the totals and the chart of the whole filter
 *   GET  export         the same filters (query string), every row as CSV
 *   GET  details/{id}   one payment with its invoice and the invoice's other payments
 */

/** A row's status as the report shows it: a refund, or a charge refunded in full, reads "refunded". */
export const PAYMENT_REPORT_STATUSES = PAYMENT_STATUSES;
export type PaymentReportStatus = (typeof PAYMENT_REPORT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentReportStatus, string> = {
  pending: 'Pending', succeeded: 'Succeeded', declined: 'Declined', failed: 'Failed', refunded: 'Refunded',
};
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A stored row's report status (kind, status and how much of a charge went back). */
export function reportStatusOf(row: { kind: string; status: string; amountCents: number; refundedCents: number }): PaymentReportStatus {
  const money = row.status === 'succeeded' || row.status === 'refunded';
  if (row.kind === 'refund') return money ? 'refunded' : (row.status as PaymentReportStatus);
  if (row.status === 'succeeded' && row.amountCents > 0 && row.refundedCents >= row.amountCents) return 'refunded';
  return row.status as PaymentReportStatus;
}

export const PAYMENT_REPORT_MESSAGES = {
  endBeforeStart: 'The end date must be on or after the start date',
  rangeTooLong: 'Choose at most three years at once',
  studentNotFound: 'Student not found',
  schoolNotFound: 'School not found',
  paymentNotFound: 'Payment not found',
} as const;

const reportDate = dateWithinYears(REPORT_YEARS_BACK, LESSON_YEARS_AHEAD);
const filterFields = {
  from: reportDate,
  to: reportDate,
  /** The superadmin's school filter; anyone else may only name their own school. */
  adminId: uuid.optional(),
  studentId: uuid.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(PAYMENT_REPORT_STATUSES).optional(),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: PAYMENT_REPORT_MESSAGES.endBeforeStart });
  else if (Date.parse(v.to) - Date.parse(v.from) > 3 * 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: PAYMENT_REPORT_MESSAGES.rangeTooLong });
}

/** The filters alone: the export's query string. */
export const paymentReportFilters = z.object(filterFields).superRefine(checkRange);
export type PaymentReportFilters = z.input<typeof paymentReportFilters>;

export const PAYMENT_REPORT_SORTS = ['date', 'amount'] as const;

export const paymentReportListBody = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.reports),
  sortBy: z.enum(PAYMENT_REPORT_SORTS).default('date'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
}).superRefine(checkRange);
export type PaymentReportListQuery = z.input<typeof paymentReportListBody>;

export const paymentDetailsParams = z.object({ id: uuid });

const person = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });

export const paymentReportRow = z.object({
  _id: z.string(),
  /** When it was made, ISO 8601 with the school's offset. */
  date: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_REPORT_STATUSES),
  /** Dollars, always positive: `kind` says which way the money went. */
  amount: z.number(),
  /** Of a charge: how much of it went back so far. */
  refunded: z.number(),
  currency: z.string(),
  student: person,
  payer: person,
  invoice: z.object({ _id: z.string(), number: z.string() }),
  school: z.object({ _id: z.string(), school_name: z.string() }),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** A check number or receipt reference staff typed. */
  reference: z.string(),
  testMode: z.boolean(),
});
export type PaymentReportRow = z.infer<typeof paymentReportRow>;

export const paymentTotals = z.object({
  /** Money in: succeeded charges (also those refunded since). */
  collected: z.number(),
  /** Money back: succeeded refunds. */
  refunded: z.number(),
  net: z.number(),
  /** Rows of the filter, whatever their outcome. */
  count: z.number().int(),
});
export type PaymentTotals = z.infer<typeof paymentTotals>;

export const paymentReportAnswer = z.object({
  results: z.array(paymentReportRow),
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totals: paymentTotals,
  /** One entry a month of the range ('YYYY-MM'), money in and back, for the chart. */
  byMonth: z.array(z.object({ month: z.string(), collected: z.number(), refunded: z.number() })),
  /** The zone the range and dates are read in: the school's (UTC for the superadmin's all-schools view). */
  timeZone: z.string(),
});
export type PaymentReportAnswer = z.infer<typeof paymentReportAnswer>;

export const paymentDetailsRow = paymentReportRow.extend({
  /** pay_page | saved_card | autopay | staff */
  source: z.string(),
  /** The gateway's or the recorder's words (never a card number). */
  message: z.string(),
  gatewayTransactionId: z.string().nullable(),
  /** The charge a refund gave money back from. */
  refundOfId: z.string().nullable(),
  recordedBy: person.nullable(),
});
export type PaymentDetailsRow = z.infer<typeof paymentDetailsRow>;

/**
 * /reporting/payment-details/{id}: `{id}` is a payment's id (a report row). The answer is that
 * payment, its invoice, and every payment of the invoice (charges and refunds, oldest first), so
 * one page tells what was billed, what came in and what went back.
 */
export const paymentDetailsAnswer = z.object({
  payment: paymentDetailsRow,
  invoice: z.object({
    _id: z.string(),
    number: z.string(),
    /** draft | open | partly_paid | paid | overdue | void */
    status: z.string(),
    issuedOn: z.string(),
    dueOn: z.string(),
    total: z.number(),
    paid: z.number(),
    balance: z.number(),
    currency: z.string(),
  }),
  payments: z.array(paymentDetailsRow),
  timeZone: z.string(),
});
export type PaymentDetailsAnswer = z.infer<typeof paymentDetailsAnswer>;

/** Every signed-in role, each within its reach (policies/billing-reports.ts). */
const meta = { roles: 'signedIn', tags: ['billing reports'] } as const;

export const PAYMENT_REPORT_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/reports/payments/list', body: paymentReportListBody, response: paymentReportAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  details: defineRoute({ method: 'GET', path: '/reports/payments/details/:id', params: paymentDetailsParams, response: paymentDetailsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  /** Every row of the same filters as a CSV file. */
  export: defineRoute({ method: 'GET', path: '/reports/payments/export', querystring: paymentReportFilters, response: fileResponse('text/csv'), meta: { ...meta, lapsedSchool: 'open' } }),
};
