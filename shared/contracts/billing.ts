import { z } from 'zod';
import { ADDRESS_MAX, CARD_NUMBER_MAX, EMAIL_MAX, NAME_MAX } from '../constants.js';
import { requiredString, safeString } from './common.js';
import { requiredPhoneField } from './phone.js';

/**
 * Student billing's shared words (issue 11, decision 030): invoice statuses and numbers, and the
 * card rule of docs/domains/billing.md "Rules" ("Invoice payment") that the pay page, saved cards and the server use.
 */

/** Stored statuses; "partly paid" and "overdue" are read from an open invoice (see `invoiceStatusOf`). */
export const STORED_INVOICE_STATUSES = ['draft', 'open', 'paid', 'void'] as const;
export const INVOICE_STATUSES = ['draft', 'open', 'partly_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft', open: 'Open', partly_paid: 'Partly paid', paid: 'Paid', overdue: 'Overdue', void: 'Void',
};

/** What a family and the office see: an open invoice past due is overdue, one with money in is partly paid. */
export function invoiceStatusOf(row: { status: string; dueOn: string; paidCents: number }, today: string): InvoiceStatus {
  if (row.status !== 'open') return row.status as InvoiceStatus;
  if (row.dueOn < today) return 'overdue';
  return row.paidCents > 0 ? 'partly_paid' : 'open';
}

export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

export const PAYMENT_METHODS = ['card', 'cash', 'check'] as const;
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = { card: 'Card', cash: 'Cash', check: 'Check' };
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'declined', 'failed', 'refunded'] as const;

// --- Cards (docs/domains/billing.md "Rules": the card form) --------------------------------------

export const CARD_MESSAGES = {
  numberRequired: 'Card Number is Required',
  numberInvalid: 'Card Number is InValid',
  codeRequired: 'Csv is Required',
  codeInvalid: 'Csv is InValid',
  monthRequired: 'Month is Required',
  yearRequired: 'Year is Required',
  expired: 'The card has expired',
} as const;

/** The brands a card number may belong to, by its leading digits and length. */
const CARD_BRANDS: { brand: string; pattern: RegExp }[] = [
  { brand: 'Visa', pattern: /^4\d{12}(\d{3})?$/ },
  { brand: 'Mastercard', pattern: /^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/ },
  { brand: 'American Express', pattern: /^3[47]\d{13}$/ },
  { brand: 'Discover', pattern: /^(6011|65\d{2}|64[4-9]\d)\d{12}$/ },
  { brand: 'Diners Club', pattern: /^3(0[0-5]|[68]\d)\d{11}$/ },
  { brand: 'JCB', pattern: /^(2131|1800|35\d{3}|30(8[89]|9[0-4])\d)\d{11}$/ },
];

/** The card's brand, or null when the number matches none (docs/domains/billing.md "Messages": "Card Number is InValid"). */
export const cardBrandOf = (digits: string) => CARD_BRANDS.find((b) => b.pattern.test(digits))?.brand ?? null;

/** Card expiry years offered (docs/domains/billing.md "Limits": 2021 to 2036) and months 01 to 12. */
export const CARD_YEARS = Array.from({ length: 16 }, (_, i) => String(2021 + i));
export const CARD_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

export const cardNumberField = safeString().trim()
  .min(1, CARD_MESSAGES.numberRequired)
  .max(CARD_NUMBER_MAX, CARD_MESSAGES.numberInvalid)
  .regex(/^\d+$/, CARD_MESSAGES.numberInvalid)
  .refine((v) => cardBrandOf(v) !== null, CARD_MESSAGES.numberInvalid);

export const cardCodeField = safeString().trim().min(1, CARD_MESSAGES.codeRequired).max(4, CARD_MESSAGES.codeInvalid).regex(/^\d{3,4}$/, CARD_MESSAGES.codeInvalid);

const required = (label: string, max: number) => requiredString(`${label} is Required`).max(max, `${label} should allow only ${max} characters.`);

/**
 * A card with its billing details: the pay page's form and "add a card". The expiry is the product's
 * month and year selects; the server refuses a card already expired.
 */
export const cardForm = z.object({
  cardNo: cardNumberField,
  expMonth: z.enum(CARD_MONTHS as [string, ...string[]], { error: CARD_MESSAGES.monthRequired }),
  expYear: z.enum(CARD_YEARS as [string, ...string[]], { error: CARD_MESSAGES.yearRequired }),
  cardCode: cardCodeField,
  firstName: required('First Name', NAME_MAX),
  lastName: required('Last Name', NAME_MAX),
  email: required('Email', EMAIL_MAX).pipe(z.email('Please enter a valid email')),
  cellPhone: requiredPhoneField('Phone is Required'),
  address1: required('Address', ADDRESS_MAX),
  city: required('City', ADDRESS_MAX),
  state: required('State', ADDRESS_MAX),
  postalCode: requiredString('Postal Code is Required').max(8, 'Please enter a valid postal code').regex(/^[A-Za-z0-9 -]{1,8}$/, 'Please enter a valid postal code'),
  country: required('Country', ADDRESS_MAX),
}).refine((c) => !isExpired(Number(c.expMonth), Number(c.expYear), new Date()), { path: ['expMonth'], message: CARD_MESSAGES.expired });
export type CardForm = z.input<typeof cardForm>;

/** A card is good through the last day of its expiry month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year < y || (year === y && month < m);
}
