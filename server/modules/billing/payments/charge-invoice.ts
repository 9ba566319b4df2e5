import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { paymentCustomers, payments, savedCards, schools } from '../../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../../lib/http-errors.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { cardSummaryOf } from '../../../services/payments/card-summary.js';
import { gatewaysOf, type GatewayFor } from '../../../services/payments/gateway-for-school.js';
import { answerOrUnknown, callThenRecord, CHARGE_ONCE, claimPending } from '../../../services/payments/charge-once.js';
import {
  type BillTo,
  type CardDetails,
  type ChargeRequest,
  type GatewayResult,
  type PaymentGateway,
} from '../../../services/payments/gateway.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { amountDueCents, formatMoney } from '../../../../shared/money.js';
import { refuseWhileCharging } from '../invoices/index.js';
import { lockInvoice, PAYMENT_ROWS, recordChargeOutcome, type InvoiceRow, type PaymentRow } from './record-outcome.js';

/**
 * Charging an invoice once (docs/domains/conventions.md "Money", decision 030):
 *   A. one transaction locks the invoice, takes the balance from its row, refuses a paid, void or
 *      draft invoice and a second attempt while one is pending (a lease), answers a repeated
 *      idempotency key from its attempt, and writes the attempt as 'pending';
 *   B. the gateway is called outside any transaction, with the duplicate window as a second guard;
 *   C. a second transaction records the answer (recordChargeOutcome).
 * No answer from the gateway leaves the attempt pending: the reconciliation job asks the gateway
 * what became of it once it is STALE_ATTEMPT_MS old, and until then no one can pay the invoice again.
 */

/** The limits of charging once, shared with plans and the store (services/payments/charge-once.ts, decision 070). */
export const DUPLICATE_WINDOW_SECONDS = CHARGE_ONCE.duplicateWindowSeconds;
export const STALE_ATTEMPT_MS = CHARGE_ONCE.staleAfterMs;

/** What the payment services need: the settings (links, keys) and how to find a school's gateway. */
export type PaymentServices = { config: Config; gatewayFor?: GatewayFor };
export const gatewayResolverOf = (services: PaymentServices): GatewayFor => services.gatewayFor ?? gatewaysOf(services.config);

export type ChargeSource = 'pay_page' | 'saved_card' | 'autopay';

export type ChargeInvoiceInput = {
  adminId: string;
  invoiceId: string;
  source: ChargeSource;
  /** One a payment attempt (a submit of the pay page, an autopay run): the same key never charges twice. */
  idempotencyKey: string;
  /** Who acts, when someone is signed in (staff, the payer); the pay page's payer has no session. */
  actorId?: string;
  ip?: string | null;
} & ({ card: CardDetails; billTo: BillTo } | { savedCardId: string });

export type ChargeOutcome = {
  /** pending: the gateway's answer was lost; the attempt is reconciled within minutes. */
  status: 'succeeded' | 'declined' | 'failed' | 'pending';
  paymentId: string;
  invoiceId: string;
  amountCents: number;
  currency: string;
  /** The words for the payer: the gateway's, or ours. */
  message: string;
  testMode: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  invoiceStatus: string;
  balanceCents: number;
  /** This key was answered before: nothing was sent to the gateway this time. */
  replayed: boolean;
};

/** How a route answers an outcome: the pay page shows `message` either way. */
export const httpStatusOfCharge = (outcome: Pick<ChargeOutcome, 'status'>) =>
  outcome.status === 'succeeded' ? 200 : outcome.status === 'pending' ? 503 : 400;

export type Begun =
  | { kind: 'replay'; outcome: ChargeOutcome }
  | { kind: 'attempt'; attempt: PaymentRow; invoice: InvoiceRow; gateway: PaymentGateway; request: ChargeRequest; profile?: { customerProfileId: string; customerPaymentProfileId: string } };

function outcomeOf(payment: PaymentRow, invoice: InvoiceRow, replayed: boolean): ChargeOutcome {
  const status = payment.status === 'refunded' ? 'succeeded' : (payment.status as ChargeOutcome['status']);
  const message = status === 'succeeded'
    ? PAYMENT_MESSAGES.paid(formatMoney(payment.amountCents, payment.currency), formatInvoiceNumber(invoice.number))
    : status === 'pending' ? (replayed ? PAYMENT_MESSAGES.inProgress : PAYMENT_MESSAGES.unavailable) : payment.message;
  return {
    status,
    paymentId: payment.id,
    invoiceId: invoice.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    message,
    testMode: payment.testMode,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    invoiceStatus: invoice.status,
    balanceCents: amountDueCents(invoice.totalCents, invoice.paidCents),
    replayed,
  };
}

/** Why an invoice cannot be charged now, or null. */
function refusalOf(invoice: InvoiceRow): AppError | null {
  if (invoice.status === 'paid') return conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (invoice.status === 'void') return conflict(PAYMENT_MESSAGES.voided);
  if (invoice.status !== 'open') return conflict(PAYMENT_MESSAGES.draft);
  if (amountDueCents(invoice.totalCents, invoice.paidCents) <= 0) return conflict(PAYMENT_MESSAGES.nothingDue);
  return null;
}

/** Step A: the attempt row, written before any money moves. */
export async function beginCharge(db: Database, gatewayFor: GatewayFor, input: ChargeInvoiceInput): Promise<Begun> {
  return db.transaction({ kind: 'school', adminId: input.adminId }, async (tx) => {
    const invoice = await lockInvoice(tx, input.adminId, input.invoiceId);
    if (!invoice) throw notFound(PAYMENT_MESSAGES.invoiceNotFound);
    const [earlier] = await tx.select().from(payments)
      .where(and(eq(payments.adminId, input.adminId), eq(payments.idempotencyKey, input.idempotencyKey))).limit(1);
    if (earlier) {
      if (earlier.invoiceId !== invoice.id) throw conflict(PAYMENT_MESSAGES.keyReused);
      return { kind: 'replay', outcome: outcomeOf(earlier, invoice, true) };
    }
    const refusal = refusalOf(invoice);
    if (refusal) throw refusal;
    // The lease: one attempt at a time. A stale one waits for the reconciliation job, never for a
    // guess: its charge may have gone through.
    await refuseWhileCharging(tx, invoice.id);

    const gateway = await gatewayFor(tx, input.adminId);
    let card: { brand: string; last4: string };
    let profile: { customerProfileId: string; customerPaymentProfileId: string } | undefined;
    let savedCardId: string | null = null;
    if ('card' in input) {
      const summary = cardSummaryOf(input.card);
      card = { brand: summary.brand, last4: summary.last4 };
    } else {
      const [saved] = await tx.select({ card: savedCards, customer: paymentCustomers }).from(savedCards)
        .innerJoin(paymentCustomers, eq(paymentCustomers.id, savedCards.customerId))
        .where(and(eq(savedCards.id, input.savedCardId), eq(savedCards.ownerId, invoice.payerId), isNull(savedCards.removedAt))).limit(1);
      if (!saved) throw notFound(PAYMENT_MESSAGES.cardNotFound);
      if (saved.customer.gateway !== gateway.name || saved.customer.testMode !== gateway.testMode) {
        throw conflict(PAYMENT_MESSAGES.cardOtherGateway);
      }
      card = { brand: saved.card.brand, last4: saved.card.last4 };
      profile = { customerProfileId: saved.customer.customerProfileId, customerPaymentProfileId: saved.card.customerPaymentProfileId };
      savedCardId = saved.card.id;
    }
    const amountCents = amountDueCents(invoice.totalCents, invoice.paidCents);
    const attempt = await claimPending<PaymentRow>(tx, PAYMENT_ROWS, {
      adminId: input.adminId,
      invoiceId: invoice.id,
      studentId: invoice.studentId,
      payerId: invoice.payerId,
      kind: 'charge',
      method: 'card',
      source: input.source,
      status: 'pending',
      amountCents,
      currency: invoice.currency,
      idempotencyKey: input.idempotencyKey,
      gateway: gateway.name,
      testMode: gateway.testMode,
      cardBrand: card.brand,
      cardLast4: card.last4,
      savedCardId,
      recordedBy: input.actorId ?? null,
    });
    // The key taken meanwhile for another invoice (this invoice's attempts are serialized by its lock, and replayed above).
    if (!attempt) throw conflict(PAYMENT_MESSAGES.keyReused);
    const [school] = await tx.select({ name: schools.schoolName }).from(schools).where(eq(schools.adminId, input.adminId)).limit(1);
    const invoiceNumber = formatInvoiceNumber(invoice.number);
    const request: ChargeRequest = {
      amountCents,
      currency: invoice.currency,
      invoiceNumber,
      description: `${school?.name ?? 'Cadenza'} invoice ${invoiceNumber}`,
      idempotencyKey: input.idempotencyKey,
      duplicateWindowSeconds: DUPLICATE_WINDOW_SECONDS,
      ...('billTo' in input && input.billTo.email ? { customerEmail: input.billTo.email } : {}),
    };
    return { kind: 'attempt', attempt, invoice, gateway, request, profile };
  });
}

/** Step B's call: the card typed, or the saved card's profile. */
const callGateway = (begun: Extract<Begun, { kind: 'attempt' }>, input: ChargeInvoiceInput): Promise<GatewayResult> => ('card' in input
  ? begun.gateway.chargeCard({ ...begun.request, card: input.card, billTo: input.billTo })
  : begun.gateway.chargeProfile({ ...begun.request, ...begun.profile! }));

/** Step B, outside any transaction: the gateway's answer, or null when it is unknown. */
export async function askGateway(begun: Extract<Begun, { kind: 'attempt' }>, input: ChargeInvoiceInput): Promise<GatewayResult | null> {
  return answerOrUnknown(() => callGateway(begun, input));
}

/**
 * Charges the invoice's balance (never an amount from the client) once. Throws AppError for an
 * invoice that cannot be paid (404, 409); answers the outcome otherwise (httpStatusOfCharge).
 */
export async function chargeInvoice(db: Database, services: PaymentServices, input: ChargeInvoiceInput): Promise<ChargeOutcome> {
  const begun = await beginCharge(db, gatewayResolverOf(services), input);
  if (begun.kind === 'replay') return begun.outcome;
  return callThenRecord(begun, {
    call: (b) => callGateway(b, input),
    record: async (b, result) => {
      const settled = await db.transaction({ kind: 'school', adminId: input.adminId }, (tx) =>
        recordChargeOutcome(tx, b.attempt, result, { appUrl: services.config.appUrl, box: secretBoxOf(services.config), now: new Date(), ip: input.ip }));
      return outcomeOf(settled.payment, settled.invoice, false);
    },
    unknown: (b) => outcomeOf(b.attempt, b.invoice, false),
  });
}
