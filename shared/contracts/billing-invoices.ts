import { z } from 'zod';
import { NAME_MAX, TEXT_MAX } from '../constants.js';
import { INVOICE_STATUSES, type InvoiceStatus } from './billing.js';
import { defineRoute, fileResponse, listResultOf } from './route.js';
import { optionalText, requiredId, requiredString, searchField, uuid } from './common.js';
import { moneyField } from './money.js';
import { subtotalCents } from '../money.js';
import { SCHOOL_STAFF_ROLES } from '../roles.js';
import { dateWithinYears } from './scheduling.js';

/**
 * Invoices for the office (issue 11: Plans / Payments > Invoicing). Calls under /api/invoices:
 *   POST list, POST create, POST update (a draft), GET view/{id}, POST send, POST resend, POST void,
 *   POST recordPayment (cash or check), POST lessonLines (lines from the calendar), GET pdf/{id}.
 * Money travels as dollars (moneyField) and is kept in cents; totals are the server's, from the lines.
 */

export const INVOICE_MESSAGES = {
  created: 'Invoice saved as draft',
  createdAndSent: 'Invoice sent successfully',
  updated: 'Invoice updated successfully',
  sent: 'Invoice sent successfully',
  resent: 'Invoice sent again',
  voided: 'Invoice voided',
  paymentRecorded: 'Payment recorded successfully',
  notFound: 'Invoice not found',
  studentRequired: 'Student is Required',
  studentNotInSchool: 'Please choose a student of this school',
  linesRequired: 'Please add at least one line',
  linesMax: 'An invoice may have at most 100 lines',
  descriptionRequired: 'Description is Required',
  descriptionMax: `Description should allow only ${NAME_MAX * 2} characters.`,
  quantity: 'Quantity should be a whole number from 1 to 1000',
  totalTooBig: 'An invoice may total at most $1,000,000.00',
  discountTooBig: 'The discount cannot be more than the subtotal',
  noteMax: `Note should allow only ${TEXT_MAX} characters.`,
  lessonNotOfStudent: "Please choose a lesson of this student's calendar",
  onlyDraft: 'Only a draft invoice can be changed',
  notSendable: 'Only a draft or open invoice can be sent',
  notOpen: 'Only an open invoice can be sent again',
  alreadyVoid: 'This invoice is void already',
  voidPaid: 'A paid invoice cannot be voided: refund its payments first',
  voidWithMoney: 'This invoice has payments: refund them before voiding it',
  reasonRequired: 'Reason is Required',
  reasonMax: `Reason should allow only 500 characters.`,
  notPayable: 'Only an open invoice can take a payment',
  amountRequired: 'Amount should be more than $0.00',
  amountOverBalance: 'The amount cannot be more than the balance due',
  referenceMax: 'Reference should allow only 100 characters.',
  paidOnFuture: 'The payment date cannot be in the future',
  rangeOrder: 'The end date should be on or after the start date',
  rangeTooLong: 'Please choose at most a year of lessons',
  noLessons: 'No lessons of this student in these dates',
  noEmail: 'The invoice is open, but its payer has no email address: share its pay link instead',
} as const;

export const INVOICE_PAGE_SIZE = 10;
export const INVOICE_LINES_MAX = 100;
export const INVOICE_QUANTITY_MAX = 1000;
/** An invoice's subtotal is at most this (cents): far beyond a music school's bill, far inside an int4. */
export const INVOICE_TOTAL_MAX_CENTS = 100_000_000;
export const VOID_REASON_MAX = 500;
/** The note printed on an invoice. */
export const TEXT_MAX_NOTE = TEXT_MAX;
export const PAYMENT_REFERENCE_MAX = 100;
export const STAFF_PAYMENT_METHODS = ['cash', 'check'] as const;
export const STAFF_PAYMENT_METHOD_LABELS: Record<(typeof STAFF_PAYMENT_METHODS)[number], string> = { cash: 'Cash', check: 'Check' };

/** Due, paid and range dates: near today, as lessons are (decision 024). */
export const invoiceDate = dateWithinYears(2, 5);

export const invoiceLine = z.object({
  description: requiredString(INVOICE_MESSAGES.descriptionRequired).max(NAME_MAX * 2, INVOICE_MESSAGES.descriptionMax),
  quantity: z.coerce.number({ error: INVOICE_MESSAGES.quantity }).int(INVOICE_MESSAGES.quantity)
    .min(1, INVOICE_MESSAGES.quantity).max(INVOICE_QUANTITY_MAX, INVOICE_MESSAGES.quantity),
  unitPrice: moneyField,
  /** The calendar lesson a line bills (from "Add lessons"); checked to be the student's. */
  lessonId: uuid.nullish(),
});
export type InvoiceLineInput = z.input<typeof invoiceLine>;
export type InvoiceLineValues = z.output<typeof invoiceLine>;

/** The form's lines as shared/money.ts reads them (unitPrice is cents once parsed). */
export const centsLinesOf = (lines: { quantity: number; unitPrice: number }[]) => lines.map((l) => ({ quantity: l.quantity, unitPriceCents: l.unitPrice }));

const invoiceFields = {
  studentId: requiredId(INVOICE_MESSAGES.studentRequired),
  lines: z.array(invoiceLine, { error: INVOICE_MESSAGES.linesRequired }).min(1, INVOICE_MESSAGES.linesRequired).max(INVOICE_LINES_MAX, INVOICE_MESSAGES.linesMax),
  discount: moneyField.default(0),
  dueOn: invoiceDate,
  note: optionalText(TEXT_MAX, INVOICE_MESSAGES.noteMax, { multiline: true }).default(''),
  /** Send at once ("Send"), or keep as a draft ("Save as draft"). */
  send: z.boolean().default(false),
};

/** The totals' rules, on the lines as the form has them. */
function checkTotals(v: { lines: InvoiceLineValues[]; discount: number }, ctx: z.RefinementCtx) {
  const subtotal = subtotalCents(centsLinesOf(v.lines));
  if (subtotal > INVOICE_TOTAL_MAX_CENTS) ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_MESSAGES.totalTooBig });
  else if (v.discount > subtotal) ctx.addIssue({ code: 'custom', path: ['discount'], message: INVOICE_MESSAGES.discountTooBig });
}

export const invoiceForm = z.object(invoiceFields).superRefine(checkTotals);
export type InvoiceFormInput = z.input<typeof invoiceForm>;
export type InvoiceFormValues = z.output<typeof invoiceForm>;

export const invoiceUpdateBody = z.object({ id: uuid, ...invoiceFields }).superRefine(checkTotals);
export type InvoiceUpdateValues = z.output<typeof invoiceUpdateBody>;

export const invoiceIdBody = z.object({ id: uuid });
export const invoiceIdParams = z.object({ id: uuid });

export const voidInvoiceBody = z.object({
  id: uuid,
  reason: requiredString(INVOICE_MESSAGES.reasonRequired, { multiline: true }).max(VOID_REASON_MAX, INVOICE_MESSAGES.reasonMax),
});
export type VoidInvoiceValues = z.output<typeof voidInvoiceBody>;

export const recordPaymentBody = z.object({
  id: uuid,
  method: z.enum(STAFF_PAYMENT_METHODS, { error: 'Method is Required' }),
  amount: moneyField.refine((v) => v > 0, INVOICE_MESSAGES.amountRequired),
  reference: optionalText(PAYMENT_REFERENCE_MAX, INVOICE_MESSAGES.referenceMax).default(''),
  paidOn: invoiceDate,
});
export type RecordPaymentInput = z.input<typeof recordPaymentBody>;
export type RecordPaymentValues = z.output<typeof recordPaymentBody>;

/** "Add this student's lessons from … to … at $ per lesson". */
export const lessonLinesBody = z.object({
  studentId: requiredId(INVOICE_MESSAGES.studentRequired),
  from: invoiceDate,
  to: invoiceDate,
  unitPrice: moneyField,
}).superRefine((v, ctx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: INVOICE_MESSAGES.rangeOrder });
  else if (Date.parse(v.to) - Date.parse(v.from) > 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: INVOICE_MESSAGES.rangeTooLong });
});
export type LessonLinesInput = z.input<typeof lessonLinesBody>;

export const INVOICE_SORTS = ['createdAt', 'number', 'dueOn'] as const;
export const invoiceListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(INVOICE_PAGE_SIZE),
  /** An invoice number (INV-000012 or 12), or a student's or payer's name. */
  search: searchField.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  sortBy: z.enum(INVOICE_SORTS).default('createdAt'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
});
export type InvoiceListQuery = z.input<typeof invoiceListBody>;

/** Who pays a student's invoices, shown on the form once the student is picked. */
export const billToBody = z.object({ studentId: requiredId(INVOICE_MESSAGES.studentRequired) });

// --- answers ------------------------------------------------------------------------------

const person = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });
export type InvoicePerson = z.infer<typeof person>;

export const invoiceListItem = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  student: person,
  payer: person,
  issuedOn: z.string(),
  dueOn: z.string(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  sentAt: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

/** The list's money figures over the whole school: what is still to come in, and what is late. */
export const invoiceTotals = z.object({ openTotal: z.number(), openCount: z.number(), overdueTotal: z.number(), overdueCount: z.number() });
export type InvoiceTotals = z.infer<typeof invoiceTotals>;
export const invoiceListAnswer = listResultOf(invoiceListItem).extend(invoiceTotals.shape);
export type InvoiceListAnswer = z.infer<typeof invoiceListAnswer>;

export const invoiceLineItem = z.object({
  _id: z.string(), kind: z.string(), description: z.string(), quantity: z.number(), unitPrice: z.number(), amount: z.number(), lessonId: z.string().nullable(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItem>;

export const invoiceRefundItem = z.object({ _id: z.string(), amount: z.number(), status: z.string(), message: z.string(), createdAt: z.string() });
export type InvoiceRefundItem = z.infer<typeof invoiceRefundItem>;
export const invoicePaymentItem = z.object({
  _id: z.string(),
  method: z.string(),
  source: z.string(),
  status: z.string(),
  amount: z.number(),
  refunded: z.number(),
  /** What may still be refunded through the gateway (card charges that succeeded). */
  refundable: z.number(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  reference: z.string(),
  message: z.string(),
  testMode: z.boolean(),
  createdAt: z.string(),
  refunds: z.array(invoiceRefundItem),
});
export type InvoicePaymentItem = z.infer<typeof invoicePaymentItem>;

const personWithEmail = person.extend({ email: z.string().nullable() });

export const invoiceDetails = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  student: personWithEmail,
  payer: personWithEmail,
  issuedOn: z.string(),
  dueOn: z.string(),
  lines: z.array(invoiceLineItem),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  note: z.string(),
  currency: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The payer's pay page; null while a draft and once void. */
  payLink: z.string().nullable(),
  payments: z.array(invoicePaymentItem),
  /** The school's money goes through the sandbox: nothing real is charged. */
  testMode: z.boolean(),
  timeZone: z.string(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetails>;

/** What the New Invoice form starts from: the due date the school gives (today + its default days, on its clock). */
export const invoiceDefaults = z.object({ today: z.string(), dueOn: z.string(), defaultDueDays: z.number(), currency: z.string(), testMode: z.boolean(), timeZone: z.string() });
export type InvoiceDefaults = z.infer<typeof invoiceDefaults>;

export const billToAnswer = z.object({
  student: personWithEmail,
  payer: personWithEmail.extend({ role: z.enum(['parent', 'student']) }),
});
export type BillTo = z.infer<typeof billToAnswer>;

export const lessonLine = z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), lessonId: z.string() });
export type LessonLine = z.infer<typeof lessonLine>;
export const lessonLinesAnswer = z.object({ lines: z.array(lessonLine), alreadyInvoiced: z.number() });

/** A saved, sent or resent invoice: its id, and the address it went to (null: kept as a draft, or the payer has no email). */
export const savedInvoice = z.object({ _id: z.string(), emailedTo: z.string().nullable() });

/** The office's invoices (admin and sub-admin); the PDF is the billed family's too. */
const meta = { roles: SCHOOL_STAFF_ROLES, tags: ['invoices'] } as const;

export const INVOICE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/invoices/list', body: invoiceListBody, response: invoiceListAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  create: defineRoute({ method: 'POST', path: '/invoices/create', body: invoiceForm, response: savedInvoice, meta }),
  update: defineRoute({ method: 'POST', path: '/invoices/update', body: invoiceUpdateBody, response: savedInvoice, meta }),
  view: defineRoute({ method: 'GET', path: '/invoices/view/:id', params: invoiceIdParams, response: invoiceDetails, meta: { ...meta, lapsedSchool: 'open' } }),
  send: defineRoute({ method: 'POST', path: '/invoices/send', body: invoiceIdBody, response: savedInvoice, meta }),
  resend: defineRoute({ method: 'POST', path: '/invoices/resend', body: invoiceIdBody, response: savedInvoice, meta }),
  void: defineRoute({ method: 'POST', path: '/invoices/void', body: voidInvoiceBody, response: z.object({ _id: z.string() }), meta }),
  /** Cash or check the office took: recorded, nothing charged. */
  recordPayment: defineRoute({
    method: 'POST', path: '/invoices/recordPayment', body: recordPaymentBody, response: z.object({ _id: z.string(), status: z.string(), balance: z.number() }), meta,
  }),
  lessonLines: defineRoute({ method: 'POST', path: '/invoices/lessonLines', body: lessonLinesBody, response: lessonLinesAnswer, meta }),
  defaults: defineRoute({ method: 'GET', path: '/invoices/defaults', response: invoiceDefaults, meta }),
  billTo: defineRoute({ method: 'POST', path: '/invoices/billTo', body: billToBody, response: billToAnswer, meta }),
  /** The invoice as a PDF file: the family's too (their own invoices: policies/invoices.ts); a teacher has no business with bills. */
  pdf: defineRoute({
    method: 'GET', path: '/invoices/pdf/:id', params: invoiceIdParams, response: fileResponse('application/pdf'),
    meta: { roles: [...SCHOOL_STAFF_ROLES, 'student', 'parent'], tags: ['invoices'], lapsedSchool: 'open' },
  }),
};

/** The badge colour of each status, in the list and the detail: dark shades, readable on white (axe). */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray.8', open: 'blue.9', partly_paid: 'violet.9', paid: 'teal.9', overdue: 'red.9', void: 'dark.5',
};

/** A line's safe default for the web form. */
export const emptyInvoiceLine = (): InvoiceLineInput => ({ description: '', quantity: 1, unitPrice: '', lessonId: null });
