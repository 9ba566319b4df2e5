/**
 * The words and lists of the public pay page (issue 11, docs/domains/billing.md "Screens and routes", "Rules", "Limits") without zod: the
 * page paints with these (and shared/card-text.ts) and fetches the card rule (shared/contracts/card.ts) on first focus,
 * like the signup widget (decision 027).
 */

export const FAMILY_MESSAGES = {
  paid: 'Payment successful. Thank you!',
  alreadyPaid: 'This invoice is paid.',
  voided: 'This invoice was cancelled by the school and cannot be paid.',
  invoiceNotFound: 'Invoice not found',
  tooManyPayments: 'Too many payment attempts for this invoice. Please wait an hour and try again.',
  tooManyFromAddress: 'Too many payment attempts. Please wait an hour and try again.',
  tooManyLookups: 'Too many requests. Please wait a minute and try again.',
  studentRequired: 'Please choose a student',
  studentNotFound: 'Student not found',
  cardNotFound: 'Card not found',
  cardAdded: 'Card saved',
  cardRemoved: 'Card removed',
  cardDefault: 'Default card updated',
  autopayOn: 'Autopay is on',
  autopayOff: 'Autopay is off',
  autopayNeedsCard: 'Save a card and make it your default before you turn on autopay.',
  autopayOffNoCard: 'Autopay is off: there is no card left to charge.',
  notThePayer: 'Only the person who pays this student’s invoices may do this.',
  idempotencyKeyInvalid: 'Invalid request key',
  payTokenInvalid: 'Invoice not found',
} as const;

/** The brands the card rule knows (shared/card-text.ts, decision 074): what a new card may be. */
export const ACCEPTED_CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover', 'Diners Club', 'JCB'] as const;

/** A saved card as every list and choice names it: "Visa ending in 1111". */
export const cardLabel = (c: { brand: string; last4: string }) => `${c.brand} ending in ${c.last4}`;
