import { z } from 'zod';
import { ADDRESS_MAX, EMAIL_MAX, NAME_MAX } from '../constants.js';
import { cardFields, checkCard } from './card.js';
import { requiredString } from './common.js';
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

// --- Cards (docs/domains/billing.md "Rules": the card form; the card rule itself is card.ts, decision 074) ---

export { CARD_MESSAGES, CARD_MONTHS, cardBrandOf, cardCodeField, cardNumberField, isExpired } from './card.js';

const required = (label: string, max: number) => requiredString(`${label} is Required`).max(max, `${label} should allow only ${max} characters.`);

/**
 * A card with its billing details: the pay page's form and "add a card". The expiry is the month
 * and year selects; the server refuses a card already expired (decision 074).
 */
export const cardForm = z.object({
  ...cardFields,
  firstName: required('First Name', NAME_MAX),
  lastName: required('Last Name', NAME_MAX),
  email: required('Email', EMAIL_MAX).pipe(z.email('Please enter a valid email')),
  cellPhone: requiredPhoneField('Phone is Required'),
  address1: required('Address', ADDRESS_MAX),
  city: required('City', ADDRESS_MAX),
  state: required('State', ADDRESS_MAX),
  postalCode: requiredString('Postal Code is Required').max(8, 'Please enter a valid postal code').regex(/^[A-Za-z0-9 -]{1,8}$/, 'Please enter a valid postal code'),
  country: required('Country', ADDRESS_MAX),
}).superRefine(checkCard);
export type CardForm = z.input<typeof cardForm>;

