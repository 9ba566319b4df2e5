import { z } from 'zod';
import { moneyField } from './money.js';
import { safeString, uuid } from './common.js';
import { INVOICE_STATUSES } from './billing.js';
import { defineRoute } from './route.js';

/**
 * Card payments of invoices (issue 11, decision 030): the words a payer and the office read when
 * a charge or a refund is made, and the refund call of staff.
 */
export const PAYMENT_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  cardNotFound: 'Card not found',
  cardOtherGateway: 'This card was saved with another payment processor. Please add it again.',
  alreadyPaid: 'This invoice is already paid.',
  voided: 'This invoice has been voided and cannot be paid.',
  draft: 'This invoice has not been sent yet and cannot be paid.',
  nothingDue: 'Nothing is due on this invoice.',
  /** A card charge is pending: nothing else may change what the invoice owes or has paid (decision 070). */
  inProgress: 'A card payment for this invoice is in progress',
  unavailable: 'We could not reach the payment processor, so we cannot tell yet whether your card was charged. We will check within a few minutes: please look at the invoice again before paying again.',
  keyReused: 'This payment request was already used for another invoice.',
  paid: (amount: string, invoiceNumber: string) => `Thank you! Your payment of ${amount} for invoice ${invoiceNumber} was received.`,
  refunded: (amount: string) => `${amount} was refunded.`,
  returned: (amount: string, method: string) => `${amount} was recorded as handed back in ${method}.`,
  refundUnavailable: 'We could not reach the payment processor, so we cannot tell yet whether the refund was made. We will check within a few minutes: look at the payment again before refunding again.',
  voidedCharge: (amount: string) => `The charge of ${amount} was cancelled before it settled; nothing will be taken from the card.`,
  refundTooLarge: 'The refund is more than what is left of this payment',
  refundNotRefundable: 'Only a succeeded payment can be refunded',
  refundPositive: 'Please enter an amount above 0',
  refundUnsettled: 'This charge has not settled yet: it can be refunded in whole now (it is then cancelled), or in part after it settles (usually the next day).',
  refundInProgress: 'A refund of this payment is already in progress. Please wait a minute.',
  refundDeclined: (words: string) => `The payment processor refused the refund: ${words}`,
} as const;

/** Staff refund a card payment (through the gateway) or record the return of a cash or check one. */
export const refundPaymentBody = z.object({
  paymentId: uuid,
  /** Dollars; the server checks it against what is left of the payment. */
  amount: moneyField.refine((cents) => cents > 0, PAYMENT_MESSAGES.refundPositive),
});
export type RefundPaymentForm = z.input<typeof refundPaymentBody>;

export const paymentItem = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  kind: z.enum(['charge', 'refund']),
  method: z.string(),
  source: z.string(),
  status: z.string(),
  amount: z.number(),
  refunded: z.number(),
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  testMode: z.boolean(),
  message: z.string(),
  refundOfId: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentItem = z.infer<typeof paymentItem>;

/** An invoice's money after a payment or a refund. */
export const invoiceMoney = z.object({
  _id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
});

export const refundAnswer = z.object({ refund: paymentItem, payment: paymentItem, invoice: invoiceMoney });

/** A retried request (a double click, a lost answer) refunds once: Stripe's Idempotency-Key header. */
export const refundHeaders = z.object({
  'idempotency-key': safeString().trim().min(1, 'Idempotency-Key is empty').max(100, 'Idempotency-Key should allow only 100 characters.').optional(),
});

export const PAYMENT_ROUTES = {
  /** Anyone signed in reaches it; the refunds policy (policies/billing-payments.ts) answers 403 to the others. */
  refund: defineRoute({
    method: 'POST', path: '/invoices/refundPayment', body: refundPaymentBody, headers: refundHeaders, response: refundAnswer,
    meta: { roles: 'signedIn', tags: ['billing'], movesMoney: true },
  }),
};
