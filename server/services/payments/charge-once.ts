import { GatewayUnavailableError, type GatewayResult, type PaymentGateway } from './gateway.js';

/**
 * What charging exactly once shares, whoever charges (decision 070, on decision 030's three steps):
 * billing's invoices (billing/payments), the provider's school plans (school-plans) and the store's
 * orders (store-orders). Each keeps its own pending row (a payments attempt, a plan period's
 * charge, an order 'charging'); the limits, the gateway call whose answer may be lost, and the
 * reconciliation's question to the gateway are these, one set for all three.
 */
export const CHARGE_ONCE = {
  /** Authorize.Net refuses the same card, amount and invoice number again within this: longer than the staleness below. */
  duplicateWindowSeconds: 900,
  /** A pending charge or refund older than this has lost its answer (the gateway's timeout is 30 s): reconciliation asks the gateway. */
  staleAfterMs: 5 * 60_000,
  /** Past this, one the gateway still cannot answer about is given up (the office checks the merchant account). */
  giveUpAfterMs: 72 * 3_600_000,
  /** How often each reconciliation job looks for stale pending rows (one index probe when there are none). */
  reconcileSweepMs: 60_000,
  /** Stale rows a reconciliation run takes at most. */
  reconcileBatch: 50,
} as const;

/** The words kept when reconciliation gives up (billing's attempts, the store's orders). */
export const GAVE_UP_MESSAGE = 'The payment processor could not confirm this for three days: check the merchant account.';

/** Pending rows created before this instant are stale. */
export const staleBefore = (now: Date): Date => new Date(now.getTime() - CHARGE_ONCE.staleAfterMs);

/**
 * Step B, outside any transaction: the gateway's answer, or null when it is unknown (a timeout, a
 * 5xx, an answer that is not the API's). Unknown leaves the row pending for reconciliation: the
 * money may have moved.
 */
export async function answerOrUnknown<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return null;
    throw error;
  }
}

/**
 * Steps B and C of a claimed attempt, a charge or a refund (step A, claiming the area's pending
 * row under its lock, is the caller's): the gateway is called outside any transaction; a known answer is recorded once
 * (`record`: the area's conditional update out of pending, in its own transaction); an unknown
 * one leaves the row pending for reconciliation and answers `unknown`.
 */
export async function callThenRecord<A, R, O>(
  attempt: A,
  steps: { call(attempt: A): Promise<R>; record(attempt: A, result: R): Promise<O>; unknown(attempt: A): O | Promise<O> },
): Promise<O> {
  const result = await answerOrUnknown(() => steps.call(attempt));
  return result ? steps.record(attempt, result) : steps.unknown(attempt);
}

/**
 * What reconciliation learns of a pending row whose answer was lost:
 *   known: the gateway's record (result), or null when it never made it (the payer may try again);
 *   changed: the account the row was charged through is no longer the one in use (nothing to ask);
 *   waiting: the gateway cannot be asked now, and the give-up time has not come;
 *   gave-up: it could not be asked for CHARGE_ONCE.giveUpAfterMs.
 */
export type LostAnswer =
  | { kind: 'known'; result: GatewayResult | null }
  | { kind: 'changed' }
  | { kind: 'waiting' }
  | { kind: 'gave-up' };

export async function lookUpLostAnswer(
  gateway: PaymentGateway,
  refs: { idempotencyKey: string; invoiceNumber: string; since: Date },
  now: Date,
  chargedThrough?: { gateway: string | null; testMode: boolean },
): Promise<LostAnswer> {
  if (chargedThrough && (gateway.name !== chargedThrough.gateway || gateway.testMode !== chargedThrough.testMode)) return { kind: 'changed' };
  try {
    return { kind: 'known', result: await gateway.findCharge(refs) };
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    return now.getTime() - refs.since.getTime() < CHARGE_ONCE.giveUpAfterMs ? { kind: 'waiting' } : { kind: 'gave-up' };
  }
}

/** A lost answer reconciliation may act on: everything but waiting. */
export type SettledAnswer = Exclude<LostAnswer, { kind: 'waiting' }>;

/**
 * The reconciliation loop of every pending row whose answer was lost, whatever holds it (an invoice's
 * attempt, a plan period, a store order): each row's gateway is asked through lookUpLostAnswer, a
 * row that cannot be asked yet waits for the next run, any other is handed to `settle`, which
 * records it in its own transaction and answers whether this run recorded it (another node may
 * have first: its update is conditional). One row at a time: the gateway is asked outside any
 * transaction.
 */
export async function reconcileLostAnswers<R>(
  due: readonly R[],
  now: Date,
  how: {
    /** The gateway to ask, or null when this row cannot be asked now (it waits). */
    gatewayOf(row: R): Promise<PaymentGateway | null>;
    refsOf(row: R): { idempotencyKey: string; invoiceNumber: string; since: Date };
    /** The account the row was charged through, when the area's gateway can change (a school's merchant account). */
    chargedThrough?(row: R): { gateway: string | null; testMode: boolean };
    settle(row: R, answer: SettledAnswer): Promise<boolean>;
  },
): Promise<{ settled: number; waiting: number }> {
  let settled = 0;
  let waiting = 0;
  for (const row of due) {
    const gateway = await how.gatewayOf(row);
    const answer = gateway ? await lookUpLostAnswer(gateway, how.refsOf(row), now, how.chargedThrough?.(row)) : ({ kind: 'waiting' } as const);
    if (answer.kind === 'waiting') waiting += 1;
    else if (await how.settle(row, answer)) settled += 1;
  }
  return { settled, waiting };
}
