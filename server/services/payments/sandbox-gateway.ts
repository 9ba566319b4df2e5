import { randomBytes } from 'node:crypto';
import { isExpired } from '../../../shared/contracts/billing.js';
import {
  CardRejectedError,
  type CardDetails,
  type CardSummary,
  type GatewayResult,
  type PaymentGateway,
} from './gateway.js';
import { cardSummaryOf } from './card-summary.js';
import { CVV_MISMATCH_CODE, DECLINE_ZIP, GATEWAY_TEXT, REASON, SANDBOX_TEST_CARDS } from './sandbox-cards.js';

/**
 * The in-process gateway (decision 030): Authorize.Net's published sandbox behaviour, with no
 * state at all, so it answers the same on every app node and after a restart.
 *
 * What a later call needs travels in the ids it hands out, never the card's number or code:
 * - a payment profile id carries brand, last four, expiry and whether its billing ZIP declines
 *   (`sbxp_visa_1111_122030_ok_<random>`), so charging it later behaves as charging the card did;
 * - a transaction id carries the amount and last four (`sbxt_2500_1111_<random>`), so a refund
 *   can be checked against what was charged (at most the amount, the same card).
 * Random parts make every id unique across nodes without a counter.
 *
 * Not emulated, for want of state: the duplicate window (the app's own lock and idempotency key
 * stand before it), settlement (every approved charge may be refunded at once; the real gateway
 * answers reason 54 until it settles, see refundPayment) and `findCharge` (it answers null: money
 * in the sandbox is not real, so a lost answer ends as a failed attempt the payer may retry).
 */
export type SandboxOptions = { now?: () => Date };

const BRAND_CODES: Record<string, string> = {
  Visa: 'visa', Mastercard: 'mc', 'American Express': 'amex', Discover: 'disc', JCB: 'jcb', 'Diners Club': 'diners',
};
const BRAND_OF_CODE = Object.fromEntries(Object.entries(BRAND_CODES).map(([brand, code]) => [code, brand]));

const random = () => randomBytes(8).toString('hex');

const result = (responseCode: '1' | '2' | '3', reason: string, message: string, extra: Partial<GatewayResult> = {}): GatewayResult => ({
  approved: responseCode === '1',
  transactionId: '',
  responseCode,
  message,
  ...(responseCode === '1' ? {} : { errorCode: reason }),
  ...extra,
});

type ProfileCard = CardSummary & { zipDeclines: boolean };

function encodePaymentProfile(card: ProfileCard): string {
  const expiry = `${String(card.expMonth).padStart(2, '0')}${card.expYear}`;
  return ['sbxp', BRAND_CODES[card.brand] ?? 'card', card.last4, expiry, card.zipDeclines ? 'zipdecline' : 'ok', random()].join('_');
}

function decodePaymentProfile(id: string): ProfileCard | null {
  const m = /^sbxp_([a-z]+)_(\d{4})_(\d{2})(\d{4})_(ok|zipdecline)_[0-9a-f]{16}$/.exec(id);
  if (!m) return null;
  return { brand: BRAND_OF_CODE[m[1]!] ?? 'Card', last4: m[2]!, expMonth: Number(m[3]), expYear: Number(m[4]), zipDeclines: m[5] === 'zipdecline' };
}

const encodeTransaction = (amountCents: number, last4: string) => `sbxt_${amountCents}_${last4}_${random()}`;

function decodeTransaction(id: string): { amountCents: number; last4: string } | null {
  const m = /^sbxt_(\d+)_(\d{4})_[0-9a-f]{16}$/.exec(id);
  return m ? { amountCents: Number(m[1]), last4: m[2]! } : null;
}

const isCustomerProfile = (id: string) => /^sbxc_[0-9a-f]{16}$/.test(id);

export function createSandboxGateway(options: SandboxOptions = {}): PaymentGateway {
  const now = options.now ?? (() => new Date());

  /** The card's summary, or the gateway's refusal of its number or expiry. */
  function checkCard(card: CardDetails): { summary: CardSummary } | { refusal: GatewayResult } {
    if (!SANDBOX_TEST_CARDS[card.number]) return { refusal: result('3', REASON.invalidNumber, GATEWAY_TEXT.invalidNumber) };
    const summary = cardSummaryOf(card);
    if (isExpired(card.expMonth, card.expYear, now())) return { refusal: result('3', REASON.expired, GATEWAY_TEXT.expired, { card: summary }) };
    return { summary };
  }

  function authorize(amountCents: number, card: CardSummary, zipDeclines: boolean): GatewayResult {
    if (!Number.isInteger(amountCents) || amountCents <= 0) return result('3', '5', 'A valid amount is required.');
    if (isExpired(card.expMonth, card.expYear, now())) return result('3', REASON.expired, GATEWAY_TEXT.expired, { card });
    if (zipDeclines) return result('2', REASON.declined, GATEWAY_TEXT.declined, { transactionId: encodeTransaction(0, card.last4), card });
    return result('1', REASON.approved, GATEWAY_TEXT.approved, { transactionId: encodeTransaction(amountCents, card.last4), card });
  }

  return {
    name: 'sandbox',
    testMode: true,

    async chargeCard(request) {
      const checked = checkCard(request.card);
      if ('refusal' in checked) return checked.refusal;
      if (request.card.code === CVV_MISMATCH_CODE) {
        return result('2', REASON.cvvMismatch, GATEWAY_TEXT.cvvMismatch, { transactionId: encodeTransaction(0, checked.summary.last4), card: checked.summary });
      }
      return authorize(request.amountCents, checked.summary, request.billTo.zip.trim() === DECLINE_ZIP);
    },

    async createCustomerProfile() {
      return { customerProfileId: `sbxc_${random()}` };
    },

    async addPaymentProfile(input) {
      if (!isCustomerProfile(input.customerProfileId)) throw new CardRejectedError(GATEWAY_TEXT.profileNotFound);
      const checked = checkCard(input.card);
      if ('refusal' in checked) throw new CardRejectedError(checked.refusal.message);
      if (input.card.code === CVV_MISMATCH_CODE) throw new CardRejectedError(GATEWAY_TEXT.cvvMismatch);
      // As Authorize.Net's testMode validation: the number and expiry are checked now; the bank's
      // answer (the ZIP's decline) comes with the first charge.
      const card: ProfileCard = { ...checked.summary, zipDeclines: input.billTo.zip.trim() === DECLINE_ZIP };
      return { customerPaymentProfileId: encodePaymentProfile(card), card: checked.summary };
    },

    async deletePaymentProfile(input) {
      if (!isCustomerProfile(input.customerProfileId) || !decodePaymentProfile(input.customerPaymentProfileId)) {
        throw new CardRejectedError(GATEWAY_TEXT.profileNotFound);
      }
    },

    async chargeProfile(request) {
      const card = isCustomerProfile(request.customerProfileId) ? decodePaymentProfile(request.customerPaymentProfileId) : null;
      if (!card) return result('3', REASON.notFound, GATEWAY_TEXT.profileNotFound);
      const { zipDeclines, ...summary } = card;
      return authorize(request.amountCents, summary, zipDeclines);
    },

    async refund(input) {
      const charge = decodeTransaction(input.transactionId);
      if (!charge || charge.amountCents === 0) return result('3', REASON.notFound, GATEWAY_TEXT.notFound);
      if (charge.last4 !== input.last4) return result('3', REASON.invalidNumber, GATEWAY_TEXT.invalidNumber);
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) return result('3', '5', 'A valid amount is required.');
      if (input.amountCents > charge.amountCents) return result('3', REASON.overRefund, GATEWAY_TEXT.overRefund);
      return result('1', REASON.approved, GATEWAY_TEXT.approved, { transactionId: `sbxr_${random()}` });
    },

    async void(input) {
      const charge = decodeTransaction(input.transactionId);
      if (!charge || charge.amountCents === 0) return result('3', REASON.notFound, GATEWAY_TEXT.notFound);
      return result('1', REASON.approved, GATEWAY_TEXT.approved, { transactionId: input.transactionId });
    },

    async findCharge() {
      return null;
    },
  };
}
