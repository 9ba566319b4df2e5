import { createHash } from 'node:crypto';

/**
 * The payment gateway (docs/domains/conventions.md "Money", decision 030). Two adapters: `sandbox` (in process, Authorize.Net's
 * published sandbox behaviour) and `authorizenet` (its JSON API). A card's number and code exist only
 * in the argument of one call here: no adapter keeps, logs or echoes them, and no error carries them.
 */

/** What a payer typed; only ever passed straight to the gateway. */
export type CardDetails = {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  code: string;
};

export type BillTo = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  email?: string;
  phone?: string;
};

/** What may be kept of a card: brand, last four and expiry. */
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

/**
 * A gateway's answer to a charge or a refund. `approved` false is a decline or an error the payer
 * can read (`message`); a transport failure (network, 5xx, unreadable answer) throws
 * `GatewayUnavailableError` instead, and the outcome is then unknown until reconciled.
 */
export type GatewayResult = {
  approved: boolean;
  /** The gateway's transId (empty when it made none). */
  transactionId: string;
  /** Authorize.Net's responseCode: 1 approved, 2 declined, 3 error, 4 held for review. */
  responseCode: string;
  /** Safe to show the payer: "This transaction has been approved.", "This transaction has been declined." … */
  message: string;
  /**
   * Authorize.Net's response reason code of a refusal ('2' declined, '6' invalid number, '8' expired,
   * '11' duplicate, '54' not yet settled, '65' card code mismatch…): callers branch on it, never on words.
   */
  errorCode?: string;
  card?: CardSummary;
};

export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** Sent as the order's invoiceNumber (INV-000001) and as refId. */
  invoiceNumber: string;
  description: string;
  /** Ours, stable across retries of one attempt; the adapter sends it as refId where it can. */
  idempotencyKey: string;
  /** Seconds within which the gateway refuses the same card, amount and invoice number again. */
  duplicateWindowSeconds: number;
  customerEmail?: string;
};

export type CustomerProfile = { customerProfileId: string };
export type PaymentProfile = { customerPaymentProfileId: string; card: CardSummary };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'authorizenet';
  /** Money here is not real (the sandbox adapter, or Authorize.Net's sandbox URL). */
  readonly testMode: boolean;
  chargeCard(request: ChargeRequest & { card: CardDetails; billTo: BillTo }): Promise<GatewayResult>;
  createCustomerProfile(input: { merchantCustomerId: string; email?: string; description: string }): Promise<CustomerProfile>;
  /** Validates the card with the gateway; a declined card throws `CardRejectedError` with the gateway's words. */
  addPaymentProfile(input: { customerProfileId: string; card: CardDetails; billTo: BillTo; makeDefault: boolean }): Promise<PaymentProfile>;
  deletePaymentProfile(input: { customerProfileId: string; customerPaymentProfileId: string }): Promise<void>;
  chargeProfile(request: ChargeRequest & { customerProfileId: string; customerPaymentProfileId: string }): Promise<GatewayResult>;
  /** A refund of a settled charge, whole or part (Authorize.Net wants the card's last four). */
  refund(input: { transactionId: string; amountCents: number; last4: string; invoiceNumber: string; idempotencyKey: string }): Promise<GatewayResult>;
  /** Cancels an unsettled charge. */
  void(input: { transactionId: string }): Promise<GatewayResult>;
  /**
   * What became of a charge whose answer was lost (reconciliation): its transaction found by our
   * idempotency key (refId / invoice number), or null when the gateway never made one.
   */
  findCharge(input: { idempotencyKey: string; invoiceNumber: string; since: Date }): Promise<GatewayResult | null>;
}

/**
 * The refId Authorize.Net echoes and keeps with a transaction (at most 20 characters): a digest of
 * our idempotency key, so the same attempt always sends the same refId and reconciliation can
 * recognise its transaction.
 */
export function refIdOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 20);
}

/** The gateway could not be reached or answered nonsense: whether money moved is unknown. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'The payment gateway did not answer') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** The gateway refused a card it was asked to keep; `message` is its words, safe to show. */
export class CardRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardRejectedError';
  }
}
