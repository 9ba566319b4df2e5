import { z } from 'zod';
import { INVOICE_STATUSES, cardForm } from './billing.js';
import { checkCard, checkCardCode, expDateField, expDateOf } from './card.js';
import { safeString, uuid } from './common.js';
import { defineRoute, fileResponse, listResultOf } from './route.js';
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

// The expiry as the payload carries it (docs/domains/billing.md "Data and calls": expDate as year-month) is card.ts's.
export { expDateField, expDateOf };

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
}).superRefine(checkCardCode);
export type InvoicePaymentBody = z.input<typeof invoicePaymentBody>;

/** The card form (month and year selects) as the payload: the page's one conversion. */
export function invoicePaymentOf(form: z.output<typeof cardForm>, invoiceId: string, idempotencyKey: string): InvoicePaymentBody {
  const { expMonth, expYear, ...rest } = form;
  return { ...rest, expDate: expDateOf(expMonth, expYear), invoiceId, idempotencyKey };
}

/**
 * The bill-to of a payable invoice: its payer, the party the invoice PDF bills (decision 075: one
 * rule, server/modules/billing/invoices/bill-to.ts). Fills the page's billing details.
 */
export const billTo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  cellPhone: z.string(),
});
export type BillTo = z.infer<typeof billTo>;

/** One line of a payable invoice, money in dollars as the rest of this answer. */
export const payableLine = z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), amount: z.number() });

/**
 * A payment's receipt as the pay page shows it (decision 075): the amount, how it was paid (a
 * card by brand and last four only), when on the school's clock, and a reference.
 */
export const payReceipt = z.object({
  amount: z.number(),
  currency: z.string(),
  /** card, cash or check. */
  method: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** ISO instant. */
  paidAt: z.string(),
  /** The same on the school's clock, as people read it: "Nov 29, 2026, 9:14 AM". */
  paidOn: z.string(),
  reference: z.string(),
  /** Where the receipt email went (a card payment's, to the bill-to's address of record), or null. */
  emailedTo: z.string().nullable(),
});
export type PayReceipt = z.infer<typeof payReceipt>;

/** What the pay page shows (docs/domains/billing.md "Data and calls": the payable invoice), plus its state and the test-mode flag. */
export const payableInvoice = z.object({
  invoiceNo: z.string(),
  /** The balance due, in dollars: what the page charges (the Pay button says it). */
  dueDeposit: z.number(),
  total: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  /** What has been paid so far. */
  paid: z.number(),
  currency: z.string(),
  issuedOn: z.string(),
  dueDate: z.string(),
  /** open (payable), paid or void (the page says so and shows no form). */
  status: z.enum(['open', 'paid', 'void']),
  /** Money is not real: the school's payments go through the sandbox. */
  testMode: z.boolean(),
  adminId: z.object({ id: z.string(), school_name: z.string() }),
  billTo,
  /** The student the invoice is for, when someone else (a parent) pays it. */
  studentName: z.string().nullable(),
  lines: z.array(payableLine),
  /** The latest payment in, once the invoice is paid; null while it is open or void. */
  receipt: payReceipt.nullable(),
});
export type PayableInvoice = z.infer<typeof payableInvoice>;

export const invoicePaymentResult = z.object({
  invoiceNo: z.string(),
  amount: z.number(),
  transactionId: z.string(),
  status: z.enum(['paid', 'open']),
  balance: z.number(),
  /** The pay page's answer carries the receipt it shows at once (decision 075); a saved card's has none. */
  receipt: payReceipt.optional(),
});
export type InvoicePaymentResult = z.infer<typeof invoicePaymentResult>;

// --- Payment / Billing (signed in) ------------------------------------------------------------

/** Staff name the student they look at; a parent may narrow to one child; a student needs none. */
export const familyInvoicesBody = z.object({
  studentId: uuid.optional(),
  /** The paid invoices' page (10 a page, newest first); open ones always come whole. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FamilyInvoicesBody = z.input<typeof familyInvoicesBody>;

export const PAID_PAGE_SIZE = 10;

const named = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });

export const familyInvoice = z.object({
  _id: z.string(),
  invoiceNo: z.string(),
  student: named,
  status: z.enum(INVOICE_STATUSES),
  issuedOn: z.string(),
  dueOn: z.string(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  currency: z.string(),
  paidAt: z.string().nullable(),
  /** The pay page of an open invoice; null once paid. */
  payLink: z.string().nullable(),
  /** The caller is this invoice's payer: their saved cards may pay it. */
  payerIsYou: z.boolean(),
});
export type FamilyInvoice = z.infer<typeof familyInvoice>;

export const familyStudent = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  autopay: z.boolean(),
});
export type FamilyStudent = z.infer<typeof familyStudent>;

export const familyBilling = z.object({
  open: z.array(familyInvoice),
  /** One total of what is due across every student shown. */
  totalDue: z.number(),
  currency: z.string(),
  paid: listResultOf(familyInvoice),
  students: z.array(familyStudent),
  /** The caller pays these students' invoices: cards, autopay and "Pay with saved card" are theirs. */
  isPayer: z.boolean(),
  testMode: z.boolean(),
});
export type FamilyBilling = z.infer<typeof familyBilling>;

export const cardListBody = z.object({ studentId: uuid.optional() });

/** "Add a card": the card rule and billing details of the pay page's form (docs/domains/billing.md "Rules"). */
export const addCardBody = z.object({ ...cardForm.shape, isDefault: z.boolean().optional() }).superRefine(checkCard);
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

export const savedCard = z.object({
  cardId: z.string(),
  customerProfileId: z.string(),
  customerPaymentProfileId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.string(),
  expYear: z.string(),
  isDefault: z.boolean(),
  expired: z.boolean(),
  /** Whose card it is: a student's invoices may be paid by either parent. */
  owner: named,
  mine: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const cardList = z.object({ results: z.array(savedCard), testMode: z.boolean() });
export type CardList = z.infer<typeof cardList>;

/** GET /paymentMethod/getPaymentMethodList/{studentId}: how this student's invoices can be paid. */
export const paymentMethodList = z.object({
  /** The caller's own saved cards (default first), for "Pay with saved card". */
  cards: z.array(savedCard),
  /** A new card is typed on the invoice's pay page; these brands are taken. */
  brands: z.array(z.string()),
  testMode: z.boolean(),
});
export type PaymentMethodList = z.infer<typeof paymentMethodList>;

/** Removing a card may switch off the autopay it paid. */
export const removedCard = z.object({ autopayStopped: z.boolean() });

export const payInvoiceBody = z.object({ invoiceId: uuid, cardId: uuid, idempotencyKey: idempotencyKeyField });
export type PayInvoiceBody = z.input<typeof payInvoiceBody>;

export const autopayBody = z.object({ studentId: uuid, enabled: z.boolean({ error: 'Please choose on or off' }) });
export type AutopayBody = z.input<typeof autopayBody>;

export const studentIdParams = z.object({ id: uuid });

// --- the routes -----------------------------------------------------------------------------

/** The pay page has no session: the token of the emailed link is the key (docs/domains/billing.md "Data and calls": "no token"). */
const payPage = { roles: 'public', tags: ['billing: pay page'] } as const;
/**
 * Signed in, any role: who may is the billing-family policy (a card is its owner's, staff read).
 * A lapsed school's families still see what they owe and their cards; paying by card, autopay and
 * saving or removing a card wait until the school pays its plan (decision 071).
 */
const paymentBilling = { roles: 'signedIn', tags: ['billing: Payment / Billing'] } as const;
const cards = { roles: 'signedIn', tags: ['billing: saved cards'] } as const;
const open = { lapsedSchool: 'open' } as const;
/** Charging, saving or removing a card, the default card autopay charges, and autopay itself. */
const money = { movesMoney: true } as const;
/**
 * The same with a saved card of the family behind it: refused to a login-as by staff (decision 069).
 * The pay page's typed card has no session to act in, so it is `money` alone.
 */
const familyCard = { movesMoney: true, usesFamilyCard: true } as const;

export const FAMILY_BILLING_ROUTES = {
  payableInvoice: defineRoute({ method: 'GET', path: '/invoice/:id', params: payTokenParams, response: payableInvoice, meta: payPage }),
  /** The invoice's PDF to the pay link's holder (decision 075): the token is the authority, a wrong one 404. */
  payPagePdf: defineRoute({ method: 'GET', path: '/invoice/:id/pdf', params: payTokenParams, response: fileResponse('application/pdf'), meta: payPage }),
  /** 200 with the server's message, any other status with the gateway's words (the answer's data is checked on 2xx alone). */
  payByToken: defineRoute({ method: 'POST', path: '/invoice/payment', body: invoicePaymentBody, response: invoicePaymentResult, meta: { ...payPage, ...money } }),
  invoices: defineRoute({ method: 'POST', path: '/paymentbilling/invoices', body: familyInvoicesBody, response: familyBilling, meta: { ...paymentBilling, ...open } }),
  payInvoice: defineRoute({ method: 'POST', path: '/paymentbilling/payInvoice', body: payInvoiceBody, response: invoicePaymentResult, meta: { ...paymentBilling, ...familyCard } }),
  autopay: defineRoute({ method: 'POST', path: '/paymentbilling/autopay', body: autopayBody, response: familyStudent, meta: { ...paymentBilling, ...familyCard } }),
  paymentMethods: defineRoute({ method: 'GET', path: '/paymentMethod/getPaymentMethodList/:id', params: studentIdParams, response: paymentMethodList, meta: { ...paymentBilling, ...open } }),
  cardList: defineRoute({ method: 'POST', path: '/studentBilling/cardList', body: cardListBody, response: cardList, meta: { ...cards, ...open } }),
  addCard: defineRoute({ method: 'POST', path: '/studentBilling/addToCard', body: addCardBody, response: savedCard, meta: { ...cards, ...familyCard } }),
  /** addToCard under Authorize.Net's name. */
  addCustomerPayment: defineRoute({ method: 'POST', path: '/studentBilling/addCustomerPayment', body: addCardBody, response: savedCard, meta: { ...cards, ...familyCard } }),
  removeCard: defineRoute({ method: 'DELETE', path: '/studentBilling/removeCard', body: cardIdBody, response: removedCard, meta: { ...cards, ...familyCard } }),
  makeDefaultCard: defineRoute({ method: 'POST', path: '/studentBilling/updateCustomerPaymentProfile', body: setDefaultCardBody, response: savedCard, meta: { ...cards, ...familyCard } }),
  cardByProfile: defineRoute({
    method: 'GET', path: '/studentBilling/getCustomerPaymentProfile/:customerProfileId/:customerPaymentProfileId', params: paymentProfileParams, response: savedCard, meta: { ...cards, ...open },
  }),
  /** removeCard by the gateway's ids. */
  removeCardByProfile: defineRoute({ method: 'DELETE', path: '/studentBilling/delCustomerPaymentProfile', body: paymentProfileBody, response: removedCard, meta: { ...cards, ...familyCard } }),
};
