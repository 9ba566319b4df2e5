import { tooManyRequests } from '../../../lib/http-errors.js';
import type { RateLimits } from '../../../services/rate-limits/rate-limits.js';
import { consumeOrThrow } from '../../../services/rate-limits/rate-limits.js';
import { FAMILY_MESSAGES as M } from '../../../../shared/contracts/billing-family.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The pay page needs no session, so it is where stolen cards get tested (one small charge after
 * another). A family pays an invoice in a try or three: ten attempts an hour on one invoice, and
 * twenty from one address over every invoice, leave room for typos and stop a script. Opening
 * the page is cheap but is the way to find live tokens: sixty a minute from an address.
 */
export const PAY_LIMITS = {
  payPerInvoice: { name: 'pay-invoice', points: 10, durationSec: HOUR },
  payPerIp: { name: 'pay-ip', points: 20, durationSec: HOUR },
  viewPerIp: { name: 'pay-view-ip', points: 60, durationSec: MINUTE },
} as const;

/** Counts an attempt from this address; done before the token is looked up, so guessing costs too. */
export async function checkPayFromAddress(limits: RateLimits, ip: string): Promise<void> {
  await consumeOrThrow(limits.limiter(PAY_LIMITS.payPerIp), ip, () => tooManyRequests(M.tooManyFromAddress));
}

/** Counts an attempt on this invoice, whatever the addresses it comes from. */
export async function checkPayOnInvoice(limits: RateLimits, invoiceId: string): Promise<void> {
  await consumeOrThrow(limits.limiter(PAY_LIMITS.payPerInvoice), invoiceId, () => tooManyRequests(M.tooManyPayments));
}

export async function checkPayPageView(limits: RateLimits, ip: string): Promise<void> {
  await consumeOrThrow(limits.limiter(PAY_LIMITS.viewPerIp), ip, () => tooManyRequests(M.tooManyLookups));
}

/** Saving a card asks the gateway to check it: a signed-in person may try ten an hour. */
export const CARD_ADD_LIMIT = { name: 'card-add-user', points: 10, durationSec: HOUR } as const;

export async function checkCardAddAllowed(limits: RateLimits, userId: string): Promise<void> {
  await consumeOrThrow(limits.limiter(CARD_ADD_LIMIT), userId, () => tooManyRequests('Too many cards tried. Please wait an hour and try again.'));
}
