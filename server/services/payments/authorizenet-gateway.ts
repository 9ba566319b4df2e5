import { createHash } from 'node:crypto';
import { cardSummaryOf } from './card-summary.js';
import {
  CardRejectedError,
  GatewayUnavailableError,
  refIdOf,
  type BillTo,
  type ChargeRequest,
  type GatewayResult,
  type PaymentGateway,
} from './gateway.js';
import { GATEWAY_TEXT } from './sandbox-cards.js';
import { plainDollars } from '../../../shared/money.js';

/**
 * Authorize.Net's JSON API (decision 030): one POST of `{ <name>Request: { merchantAuthentication, … } }`
 * to /xml/v1/request.api. The API keeps the XML schema's element order in JSON, so every body
 * below lists its fields in the schema's order. Its answers start with a UTF-8 byte order mark.
 *
 * Card data is only ever in the body of one request: no error made here carries a request, an
 * answer or a message of the gateway that could echo a value, and nothing here logs.
 */
export const AUTHORIZENET_URLS = {
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
  production: 'https://api.authorize.net/xml/v1/request.api',
} as const;

export type AuthorizeNetOptions = {
  apiUrl: string;
  apiLoginId: string;
  transactionKey: string;
  /** The sandbox environment: money is not real, cards are checked in testMode. */
  testMode: boolean;
  /** How long a call may take before the outcome is unknown (default 30 s). */
  timeoutMs?: number;
};

/** Transaction statuses of a charge (or refund) that took effect, or may still: a held one counts. */
const CHARGED_STATUSES = new Set([
  'authorizedPendingCapture', 'capturedPendingSettlement', 'settledSuccessfully', 'FDSPendingReview', 'FDSAuthorizedPendingReview', 'underReview',
  'refundPendingSettlement', 'refundSettledSuccessfully',
]);

/** Response reason codes of a decline for the card code (44: by the bank, 65: by the account's filter). */
const CARD_CODE_DECLINES = new Set(['44', '65']);

type ApiMessages = { resultCode?: string; message?: { code?: string; text?: string }[] | { code?: string; text?: string } };
type ApiAnswer = Record<string, unknown> & { messages: ApiMessages };
type TransactionResponse = {
  responseCode?: string;
  transId?: string;
  accountNumber?: string;
  accountType?: string;
  messages?: { code?: string; description?: string }[];
  errors?: { errorCode?: string; errorText?: string }[];
};

const listOf = <T>(v: T[] | T | undefined | null): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

/**
 * The gateway's words when they cannot echo what was sent. A schema error quotes the value it
 * refused ("The value '4111…' is invalid"), so any text with a quote or a run of digits is
 * replaced by a general one.
 */
function safeText(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  if (!t || t.length > 200 || /['"]|\d{3,}/.test(t)) return null;
  return t;
}

const firstMessage = (answer: ApiAnswer) => listOf(answer.messages.message)[0] ?? {};

/** merchantCustomerId allows 20 characters: a longer id (a UUID) is sent as a digest of itself. */
const merchantCustomerIdOf = (id: string) => (id.length <= 20 ? id : createHash('sha256').update(id).digest('base64url').slice(0, 20));

function billToOf(b: BillTo) {
  return {
    firstName: b.firstName.slice(0, 50),
    lastName: b.lastName.slice(0, 50),
    address: b.address.slice(0, 60),
    city: b.city.slice(0, 40),
    state: b.state.slice(0, 40),
    zip: b.zip.slice(0, 20),
    country: b.country.slice(0, 60),
    ...(b.phone ? { phoneNumber: b.phone.slice(0, 25) } : {}),
    ...(b.email ? { email: b.email.slice(0, 255) } : {}),
  };
}

/** The API's UTC times come with or without their zone ("2024-05-30T09:00:00" is UTC). */
function utcMillis(value: unknown): number {
  const s = String(value ?? '');
  return Date.parse(/(z|[+-]\d\d:?\d\d)$/i.test(s) ? s : `${s}Z`);
}

const expirationOf = (month: number, year: number) => `${year}-${String(month).padStart(2, '0')}`;

export function createAuthorizeNetGateway(options: AuthorizeNetOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const merchantAuthentication = { name: options.apiLoginId, transactionKey: options.transactionKey };

  /** One call; a transport failure, a non-2xx answer or one that is not the API's JSON is "unavailable". */
  async function call(name: string, body: Record<string, unknown>): Promise<ApiAnswer> {
    let text: string;
    try {
      const response = await fetch(options.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ [name]: { merchantAuthentication, ...body } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new GatewayUnavailableError(`The payment gateway answered HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      // Neither fetch's error nor its cause is passed on: only words of our own leave this adapter.
      if (error instanceof GatewayUnavailableError) throw error;
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayUnavailableError(timedOut ? 'The payment gateway did not answer in time' : 'The payment gateway could not be reached');
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      throw new GatewayUnavailableError('The payment gateway answered something unreadable');
    }
    if (!answer || typeof answer !== 'object' || !('messages' in answer) || typeof (answer as ApiAnswer).messages !== 'object') {
      throw new GatewayUnavailableError('The payment gateway answered something unreadable');
    }
    return answer as ApiAnswer;
  }

  /** A createTransactionResponse as our result: approved, or the refusal's code and safe words. */
  function transactionResult(answer: ApiAnswer): GatewayResult {
    const tr = (answer.transactionResponse ?? {}) as TransactionResponse;
    const transactionId = tr.transId && tr.transId !== '0' ? String(tr.transId) : '';
    const responseCode = String(tr.responseCode ?? '3');
    if (answer.messages.resultCode === 'Ok' && (responseCode === '1' || responseCode === '4')) {
      // Held for review (4) has been authorised and may still be captured by the merchant: it
      // counts as taken, so that the payer is never invited to pay twice.
      const message = responseCode === '4' ? 'This transaction is being held for review.' : safeText(listOf(tr.messages)[0]?.description) ?? GATEWAY_TEXT.approved;
      return { approved: true, transactionId, responseCode, message };
    }
    const error = listOf(tr.errors)[0];
    const top = firstMessage(answer);
    const errorCode = String(error?.errorCode ?? top.code ?? '');
    return {
      approved: false,
      transactionId,
      responseCode: responseCode === '1' ? '3' : responseCode,
      errorCode,
      // A card-code decline reads as any decline ("This transaction has been declined."): the payer is told which field to check.
      message: CARD_CODE_DECLINES.has(errorCode) ? GATEWAY_TEXT.cvvMismatch : safeText(error?.errorText) ?? safeText(top.text) ?? GATEWAY_TEXT.error,
    };
  }

  const settings = (request: ChargeRequest) => ({
    setting: [{ settingName: 'duplicateWindow', settingValue: String(Math.max(0, Math.min(28_800, Math.round(request.duplicateWindowSeconds)))) }],
  });
  const orderOf = (request: ChargeRequest) => ({ invoiceNumber: request.invoiceNumber.slice(0, 20), description: request.description.slice(0, 255) });
  const currencyOf = (request: ChargeRequest) => (request.currency && request.currency !== 'USD' ? { currencyCode: request.currency } : {});

  return {
    name: 'authorizenet',
    testMode: options.testMode,

    async chargeCard(request) {
      const answer = await call('createTransactionRequest', {
        refId: refIdOf(request.idempotencyKey),
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: plainDollars(request.amountCents),
          ...currencyOf(request),
          payment: { creditCard: { cardNumber: request.card.number, expirationDate: expirationOf(request.card.expMonth, request.card.expYear), cardCode: request.card.code } },
          order: orderOf(request),
          ...(request.customerEmail ? { customer: { email: request.customerEmail } } : {}),
          billTo: billToOf(request.billTo),
          transactionSettings: settings(request),
        },
      });
      return { ...transactionResult(answer), card: cardSummaryOf(request.card) };
    },

    async createCustomerProfile(input) {
      const answer = await call('createCustomerProfileRequest', {
        profile: {
          merchantCustomerId: merchantCustomerIdOf(input.merchantCustomerId),
          description: input.description.slice(0, 255),
          ...(input.email ? { email: input.email.slice(0, 255) } : {}),
        },
      });
      if (answer.messages.resultCode === 'Ok' && answer.customerProfileId) return { customerProfileId: String(answer.customerProfileId) };
      const top = firstMessage(answer);
      // E00039: the payer has a profile already (made by an earlier call whose answer was lost): it is theirs.
      const existing = top.code === 'E00039' ? /ID (\d+)/.exec(top.text ?? '')?.[1] : undefined;
      if (existing) return { customerProfileId: existing };
      throw new CardRejectedError(safeText(top.text) ?? GATEWAY_TEXT.error);
    },

    async addPaymentProfile(input) {
      const answer = await call('createCustomerPaymentProfileRequest', {
        customerProfileId: input.customerProfileId,
        paymentProfile: {
          customerType: 'individual',
          billTo: billToOf(input.billTo),
          payment: { creditCard: { cardNumber: input.card.number, expirationDate: expirationOf(input.card.expMonth, input.card.expYear), cardCode: input.card.code } },
          defaultPaymentProfile: input.makeDefault,
        },
        // Production checks the card with the bank (a zero-dollar authorisation); the sandbox only its fields.
        validationMode: options.testMode ? 'testMode' : 'liveMode',
      });
      const card = cardSummaryOf(input.card);
      const top = firstMessage(answer);
      const profileId = answer.customerPaymentProfileId ? String(answer.customerPaymentProfileId) : '';
      // E00039 with the id: this card is saved already on the profile.
      if (profileId && (answer.messages.resultCode === 'Ok' || top.code === 'E00039')) return { customerPaymentProfileId: profileId, card };
      // The validation's direct response: "2,2,2,This transaction has been declined.,…"
      const direct = typeof answer.validationDirectResponse === 'string' ? answer.validationDirectResponse.split(',')[3] : undefined;
      throw new CardRejectedError(safeText(direct) ?? safeText(top.text) ?? GATEWAY_TEXT.declined);
    },

    async deletePaymentProfile(input) {
      const answer = await call('deleteCustomerPaymentProfileRequest', {
        customerProfileId: input.customerProfileId,
        customerPaymentProfileId: input.customerPaymentProfileId,
      });
      const top = firstMessage(answer);
      // E00040: not found, so already gone (an earlier delete whose answer was lost).
      if (answer.messages.resultCode === 'Ok' || top.code === 'E00040') return;
      throw new CardRejectedError(safeText(top.text) ?? GATEWAY_TEXT.error);
    },

    async chargeProfile(request) {
      const answer = await call('createTransactionRequest', {
        refId: refIdOf(request.idempotencyKey),
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: plainDollars(request.amountCents),
          ...currencyOf(request),
          profile: { customerProfileId: request.customerProfileId, paymentProfile: { paymentProfileId: request.customerPaymentProfileId } },
          order: orderOf(request),
          ...(request.customerEmail ? { customer: { email: request.customerEmail } } : {}),
          transactionSettings: settings(request),
        },
      });
      return transactionResult(answer);
    },

    async refund(input) {
      const answer = await call('createTransactionRequest', {
        refId: refIdOf(input.idempotencyKey),
        transactionRequest: {
          transactionType: 'refundTransaction',
          amount: plainDollars(input.amountCents),
          // A refund names the card by its last four and a masked expiry.
          payment: { creditCard: { cardNumber: input.last4, expirationDate: 'XXXX' } },
          refTransId: input.transactionId,
          order: { invoiceNumber: input.invoiceNumber.slice(0, 20) },
        },
      });
      return transactionResult(answer);
    },

    async void(input) {
      const answer = await call('createTransactionRequest', {
        transactionRequest: { transactionType: 'voidTransaction', refTransId: input.transactionId },
      });
      const result = transactionResult(answer);
      return { ...result, transactionId: result.transactionId || input.transactionId };
    },

    /**
     * A charge whose answer was lost: the unsettled transactions (newest first) of this invoice
     * number since the attempt began, each asked for its details until one carries our refId.
     * Unsettled covers the day before the nightly settlement; the reconciliation job runs within
     * minutes of an attempt, well inside it.
     */
    async findCharge(input) {
      const list = await call('getUnsettledTransactionListRequest', {
        sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
        paging: { limit: 1000, offset: 1 },
      });
      if (list.messages.resultCode !== 'Ok') {
        // E00001-style failures are the gateway's, not an answer about the charge.
        throw new GatewayUnavailableError('The payment gateway could not list its transactions');
      }
      const raw = list.transactions as unknown;
      const transactions = listOf((raw && typeof raw === 'object' && 'transaction' in raw ? (raw as { transaction: unknown }).transaction : raw) as Record<string, unknown>[]);
      const since = input.since.getTime() - 5 * 60_000; // the gateway's clock may differ from ours
      const candidates = transactions.filter((t) =>
        t.invoiceNumber === input.invoiceNumber && utcMillis(t.submitTimeUTC) >= since);
      const refId = refIdOf(input.idempotencyKey);
      for (const candidate of candidates.slice(0, 10)) {
        const details = await call('getTransactionDetailsRequest', { transId: String(candidate.transId) });
        if (details.messages.resultCode !== 'Ok' || details.transrefId !== refId) continue;
        const transaction = (details.transaction ?? {}) as { transactionStatus?: string; responseCode?: number | string };
        const status = String(transaction.transactionStatus ?? candidate.transactionStatus ?? '');
        const approved = CHARGED_STATUSES.has(status);
        return {
          approved,
          transactionId: String(candidate.transId),
          responseCode: approved ? '1' : String(transaction.responseCode ?? '2'),
          message: approved ? GATEWAY_TEXT.approved : GATEWAY_TEXT.declined,
          ...(approved ? {} : { errorCode: '2' }),
        };
      }
      return null;
    },
  };
}
