import { z } from 'zod';
import { CARD_MESSAGES, CARD_MONTHS, CARD_YEARS, cardForm, isExpired, type InvoiceStatus } from './billing.js';
import { safeString, uuid } from './common.js';
import { FAMILY_MESSAGES } from '../billing-family-text.js';

/**
 * Families pay (issue 11): the public pay page of docs/domains/billing.md "Screens and routes", "Data and calls", "Rules" (`/invoices/pay/{token}`,
 * GET /invoice/{id}, POST /invoice/payment), and Payment / Billing (`/paymentBilling`): a payer's
 * invoices, saved cards (the customer payment profile calls of docs/domains/billing.md "Data and calls") and autopay.
 */

export { FAMILY_MESSAGES };

/** The pay page's key: the token of the emailed link (lib/tokens.ts: 43 URL-safe characters). */
export const payTokenField = safeString({ error: FAMILY_MESSAGES.payTokenInvalid })
  .max(100, FAMILY_MESSAGES.payTokenInvalid)
  .regex(/^[A-Za-z0-9_-]{20,100}$/, FAMILY_MESSAGES.payTokenInvalid);

export const payTokenParams = z.object({ id: payTokenField });

/**
 * One per attempt to pay (a submit of the form, a click on Pay): a double click or a retry of the
 * same attempt sends the same key and is charged at most once.
 */
export const idempotencyKeyField = safeString({ error: FAMILY_MESSAGES.idempotencyKeyInvalid })
  .max(100, FAMILY_MESSAGES.idempotencyKeyInvalid)
  .regex(/^[A-Za-z0-9_-]{8,100}$/, FAMILY_MESSAGES.idempotencyKeyInvalid);

/**
 * The expiry as the payload carries it (docs/domains/billing.md "Data and calls": expDate as year-month), with the
 * messages of the form's two selects (docs/domains/billing.md "Rules") and the card rule's "expired".
 */
export const expDateField = safeString({ error: CARD_MESSAGES.monthRequired })
  .trim()
  .max(7, CARD_MESSAGES.monthRequired)
  .superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    if (!match) return void ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.monthRequired });
    const [, year, month] = match as unknown as [string, string, string];
    if (!CARD_YEARS.includes(year)) return void ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.yearRequired });
    if (!CARD_MONTHS.includes(month)) return void ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.monthRequired });
    if (isExpired(Number(month), Number(year), new Date())) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expired });
  });

/** The form's two selects as the payload's expDate. */
export const expDateOf = (month: string, year: string) => `${year}-${month}`;

// The card form's fields, less its two expiry selects (the payload has expDate instead).
const { expMonth: _month, expYear: _year, ...cardFields } = cardForm.shape;

/**
 * POST /invoice/payment (no token), docs/domains/billing.md "Data and calls"'s "Invoice payment payload". `invoiceId` is the
 * pay token. `amount`, `adminId` and `schoolName` are the product's, accepted and ignored: the
 * invoice decides the amount and the school. `idempotencyKey` is ours (one per submit attempt);
 * without it the server makes one, and the invoice's lock and the gateway's duplicate window
 * still keep a repeat from charging twice.
 */
export const invoicePaymentBody = z.object({
  ...cardFields,
  expDate: expDateField,
  invoiceId: payTokenField,
  idempotencyKey: idempotencyKeyField.optional(),
  amount: z.union([z.number(), safeString().max(20)]).optional(),
  adminId: safeString().max(100).optional(),
  schoolName: safeString().max(200).optional(),
});
export type InvoicePaymentBody = z.input<typeof invoicePaymentBody>;

/** The card form (month and year selects) as the payload: the page's one conversion. */
export function invoicePaymentOf(form: z.output<typeof cardForm>, invoiceId: string, idempotencyKey: string): InvoicePaymentBody {
  const { expMonth, expYear, ...rest } = form;
  return { ...rest, expDate: expDateOf(expMonth, expYear), invoiceId, idempotencyKey };
}

/** The bill-to of a payable invoice (docs/domains/billing.md "Data and calls": the student). */
export type BillTo = {
  first_name: string;
  last_name: string;
  email: string;
  address1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  cellPhone: string;
};

/** What the pay page shows (docs/domains/billing.md "Data and calls": the payable invoice), plus its state and the test-mode flag. */
export type PayableInvoice = {
  invoiceNo: string;
  /** The balance due, in dollars: what the page charges (the Amount field, disabled). */
  dueDeposit: number;
  total: number;
  currency: string;
  dueDate: string;
  /** open (payable), paid or void (the page says so and shows no form). */
  status: 'open' | 'paid' | 'void';
  /** Money is not real: the school's payments go through the sandbox. */
  testMode: boolean;
  adminId: { id: string; school_name: string };
  studentId: BillTo;
};

export type InvoicePaymentResult = { invoiceNo: string; amount: number; transactionId: string; status: 'paid' | 'open'; balance: number };

// --- Payment / Billing (signed in) ------------------------------------------------------------

/** Staff name the student they look at; a parent may narrow to one child; a student needs none. */
export const familyInvoicesBody = z.object({
  studentId: uuid.optional(),
  /** The paid invoices' page (10 a page, newest first); open ones always come whole. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FamilyInvoicesBody = z.input<typeof familyInvoicesBody>;

export const PAID_PAGE_SIZE = 10;

export type FamilyInvoice = {
  _id: string;
  invoiceNo: string;
  student: { _id: string; first_name: string; last_name: string };
  status: InvoiceStatus;
  issuedOn: string;
  dueOn: string;
  total: number;
  paid: number;
  balance: number;
  currency: string;
  paidAt: string | null;
  /** The pay page of an open invoice; null once paid. */
  payLink: string | null;
  /** The caller is this invoice's payer: their saved cards may pay it. */
  payerIsYou: boolean;
};

export type FamilyStudent = {
  _id: string;
  first_name: string;
  last_name: string;
  autopay: boolean;
};

export type FamilyBilling = {
  open: FamilyInvoice[];
  /** One total of what is due across every student shown. */
  totalDue: number;
  currency: string;
  paid: { results: FamilyInvoice[]; page: number; limit: number; totalCount: number };
  students: FamilyStudent[];
  /** The caller pays these students' invoices: cards, autopay and "Pay with saved card" are theirs. */
  isPayer: boolean;
  testMode: boolean;
};

export const cardListBody = z.object({ studentId: uuid.optional() });

/** "Add a card": the card rule and billing details of the pay page's form (docs/domains/billing.md "Rules"). */
export const addCardBody = z.object({ ...cardForm.shape, isDefault: z.boolean().optional() })
  .refine((c) => !isExpired(Number(c.expMonth), Number(c.expYear), new Date()), { path: ['expMonth'], message: CARD_MESSAGES.expired });
export type AddCardBody = z.input<typeof addCardBody>;

export const cardIdBody = z.object({ cardId: uuid });

/** Makes the card the default (the one autopay charges). */
export const setDefaultCardBody = z.object({ cardId: uuid, isDefault: z.literal(true).default(true) });

/** The gateway's ids of a saved card (docs/domains/billing.md "Data and calls": the card's customer payment profile). */
const gatewayIdField = safeString({ error: FAMILY_MESSAGES.cardNotFound })
  .max(60, FAMILY_MESSAGES.cardNotFound)
  .regex(/^[A-Za-z0-9_-]{1,60}$/, FAMILY_MESSAGES.cardNotFound);
export const paymentProfileParams = z.object({ customerProfileId: gatewayIdField, customerPaymentProfileId: gatewayIdField });
export const paymentProfileBody = paymentProfileParams;

export type SavedCard = {
  cardId: string;
  customerProfileId: string;
  customerPaymentProfileId: string;
  brand: string;
  last4: string;
  expMonth: string;
  expYear: string;
  isDefault: boolean;
  expired: boolean;
  /** Whose card it is: a student's invoices may be paid by either parent. */
  owner: { _id: string; first_name: string; last_name: string };
  mine: boolean;
};

export type CardList = { results: SavedCard[]; testMode: boolean };

/** GET /paymentMethod/getPaymentMethodList/{studentId}: how this student's invoices can be paid. */
export type PaymentMethodList = {
  /** The caller's own saved cards (default first), for "Pay with saved card". */
  cards: SavedCard[];
  /** A new card is typed on the invoice's pay page; these brands are taken. */
  brands: string[];
  testMode: boolean;
};

export const payInvoiceBody = z.object({ invoiceId: uuid, cardId: uuid, idempotencyKey: idempotencyKeyField });
export type PayInvoiceBody = z.input<typeof payInvoiceBody>;

export const autopayBody = z.object({ studentId: uuid, enabled: z.boolean({ error: 'Please choose on or off' }) });
export type AutopayBody = z.input<typeof autopayBody>;

export const studentIdParams = z.object({ id: uuid });
