import { z } from 'zod';
import { PAGE_SIZE, TEXT_MAX } from '../constants.js';
import { INVOICE_LINES_MAX, INVOICE_MESSAGES, invoiceDate, invoiceLine, centsLinesOf, INVOICE_TOTAL_MAX_CENTS } from './billing-invoices.js';
import { optionalText, requiredId, safeString, searchField, uuid } from './common.js';
import { moneyField } from './money.js';
import { subtotalCents } from '../money.js';
import { defineRoute, listResultOf, noData } from './route.js';
import { SCHOOL_STAFF_ROLES } from '../roles.js';

/**
 * Recurring invoices (issue 11: /studentbilling/recuringInvoice, admin and sub-admin): a
 * student's invoice template billed monthly on a day (1–28) or every N weeks. The
 * `issue-recurring-invoices` job issues each period's invoice once. Calls under
 * /api/recurringInvoices: POST list, POST create, POST update, POST setActive, DELETE remove.
 *
 * Periods: monthly on day D, the periods start on day D of each month; every N weeks, on the start
 * date and each N weeks after it. The first period is the first on or after the later of the start
 * date and the day it is saved (no invoices for the past); a resumed one starts again from that day
 * (the periods while paused are skipped). A period after the end date is not billed.
 */
export const RECURRING_FREQUENCIES = ['monthly', 'weekly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export const RECURRING_MESSAGES = {
  created: 'Recurring invoice saved',
  updated: 'Recurring invoice updated',
  paused: 'Recurring invoice paused',
  resumed: 'Recurring invoice resumed',
  removed: 'Recurring invoice deleted',
  notFound: 'Recurring invoice not found',
  frequencyRequired: 'Repeat is Required',
  dayOfMonth: 'Please choose a day from 1 to 28',
  intervalWeeks: 'Please enter a number of weeks from 1 to 52',
  endsBeforeStart: 'The end date must be on or after the start date',
  dueDays: 'Please enter a number of days from 0 to 365',
  ended: 'This recurring invoice has ended: change its end date to resume it',
} as const;

/** Whole numbers typed in a form (a text input may send the text). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.union([z.number(), safeString().trim().max(4, message)])
    .transform((v) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, message);

/** A template line: an invoice line without a calendar lesson. */
export const recurringLine = invoiceLine.omit({ lessonId: true });
export type RecurringLineInput = z.input<typeof recurringLine>;

const recurringFields = {
  studentId: requiredId(INVOICE_MESSAGES.studentRequired),
  lines: z.array(recurringLine, { error: INVOICE_MESSAGES.linesRequired }).min(1, INVOICE_MESSAGES.linesRequired).max(INVOICE_LINES_MAX, INVOICE_MESSAGES.linesMax),
  discount: moneyField.default(0),
  note: optionalText(TEXT_MAX, INVOICE_MESSAGES.noteMax, { multiline: true }).default(''),
  frequency: z.enum(RECURRING_FREQUENCIES, { error: RECURRING_MESSAGES.frequencyRequired }),
  /** Monthly: the day of the month (1–28, so every month has it). */
  dayOfMonth: wholeNumber(1, 28, RECURRING_MESSAGES.dayOfMonth).nullish(),
  /** Every N weeks from the start date. */
  intervalWeeks: wholeNumber(1, 52, RECURRING_MESSAGES.intervalWeeks).nullish(),
  startsOn: invoiceDate,
  endsOn: invoiceDate.nullish(),
  /** Days from issue to due on each invoice. */
  dueDays: wholeNumber(0, 365, RECURRING_MESSAGES.dueDays).default(14),
  /** Email each invoice to the payer when it is issued (else it waits as a draft). */
  autoSend: z.boolean().default(true),
};

type Checked = { lines: { quantity: number; unitPrice: number }[]; discount: number; frequency: RecurringFrequency; dayOfMonth?: number | null; intervalWeeks?: number | null; startsOn: string; endsOn?: string | null };

function checkRecurring(v: Checked, ctx: z.RefinementCtx) {
  const subtotal = subtotalCents(centsLinesOf(v.lines));
  if (subtotal > INVOICE_TOTAL_MAX_CENTS) ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_MESSAGES.totalTooBig });
  else if (v.discount > subtotal) ctx.addIssue({ code: 'custom', path: ['discount'], message: INVOICE_MESSAGES.discountTooBig });
  if (v.frequency === 'monthly' && !v.dayOfMonth) ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: RECURRING_MESSAGES.dayOfMonth });
  if (v.frequency === 'weekly' && !v.intervalWeeks) ctx.addIssue({ code: 'custom', path: ['intervalWeeks'], message: RECURRING_MESSAGES.intervalWeeks });
  if (v.endsOn && v.endsOn < v.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: RECURRING_MESSAGES.endsBeforeStart });
}

export const recurringForm = z.object(recurringFields).superRefine(checkRecurring);
export type RecurringFormInput = z.input<typeof recurringForm>;
export type RecurringFormValues = z.output<typeof recurringForm>;

export const recurringUpdateBody = z.object({ id: uuid, ...recurringFields }).superRefine(checkRecurring);
export type RecurringUpdateValues = z.output<typeof recurringUpdateBody>;

export const recurringIdBody = z.object({ id: uuid });
export const recurringSetActiveBody = z.object({ id: uuid, active: z.boolean({ error: 'Active is Required' }) });

export const RECURRING_STATUSES = ['active', 'paused'] as const;
export const recurringListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.reports),
  /** A student's name. */
  search: searchField.optional(),
  status: z.enum(RECURRING_STATUSES).optional(),
});
export type RecurringListQuery = z.input<typeof recurringListBody>;

// --- answers ------------------------------------------------------------------------------

export const recurringItem = z.object({
  _id: z.string(),
  student: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }),
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number() })),
  /** "Piano lessons × 4, Book fee" */
  linesSummary: z.string(),
  discount: z.number(),
  /** What each period bills: lines less the discount, in dollars. */
  amount: z.number(),
  note: z.string(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  dayOfMonth: z.number().nullable(),
  intervalWeeks: z.number().nullable(),
  /** "Monthly on day 1", "Every 2 weeks". */
  schedule: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** The next period to bill; null once ended. */
  nextInvoiceOn: z.string().nullable(),
  dueDays: z.number(),
  autoSend: z.boolean(),
  active: z.boolean(),
  /** Invoices issued so far. */
  issuedCount: z.number(),
});
export type RecurringItem = z.infer<typeof recurringItem>;
export const recurringListAnswer = listResultOf(recurringItem).extend({ activeCount: z.number(), pausedCount: z.number() });
export type RecurringListAnswer = z.infer<typeof recurringListAnswer>;

/** The office's recurring invoices (policies/billing-recurring.ts). */
const meta = { roles: SCHOOL_STAFF_ROLES, tags: ['recurring invoices'] } as const;

export const RECURRING_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/recurringInvoices/list', body: recurringListBody, response: recurringListAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  create: defineRoute({ method: 'POST', path: '/recurringInvoices/create', body: recurringForm, response: recurringItem, meta }),
  update: defineRoute({ method: 'POST', path: '/recurringInvoices/update', body: recurringUpdateBody, response: recurringItem, meta }),
  setActive: defineRoute({ method: 'POST', path: '/recurringInvoices/setActive', body: recurringSetActiveBody, response: recurringItem, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/recurringInvoices/remove', body: recurringIdBody, response: noData, meta }),
};

// --- the schedule, the same on the server (the job) and in the form's preview -----------------

export type Schedule = { frequency: RecurringFrequency; dayOfMonth?: number | null; intervalWeeks?: number | null; startsOn: string };

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function scheduleLabel(s: Pick<Schedule, 'frequency' | 'dayOfMonth' | 'intervalWeeks'>): string {
  if (s.frequency === 'monthly') return `Monthly on day ${s.dayOfMonth ?? 1}`;
  const n = s.intervalWeeks ?? 1;
  return n === 1 ? 'Every week' : `Every ${n} weeks`;
}

/** The first period starting on or after `date` ('YYYY-MM-DD'). */
export function firstPeriodOnOrAfter(s: Schedule, date: string): string {
  if (s.frequency === 'monthly') {
    const day = s.dayOfMonth ?? 1;
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const month = d <= day ? m - 1 : m;
    return iso(Date.UTC(y, month, day));
  }
  const step = 7 * (s.intervalWeeks ?? 1) * DAY_MS;
  const start = utc(s.startsOn);
  const k = Math.max(0, Math.ceil((utc(date) - start) / step));
  return iso(start + k * step);
}

/** The period after `period`. */
export function periodAfter(s: Schedule, period: string): string {
  if (s.frequency === 'monthly') {
    const [y, m] = period.split('-').map(Number) as [number, number];
    return iso(Date.UTC(y, m, s.dayOfMonth ?? 1));
  }
  return iso(utc(period) + 7 * (s.intervalWeeks ?? 1) * DAY_MS);
}

/** Where a new (or re-scheduled, or resumed) template starts billing: never before `today`. */
export const firstPeriodFrom = (s: Schedule, today: string) => firstPeriodOnOrAfter(s, s.startsOn > today ? s.startsOn : today);
