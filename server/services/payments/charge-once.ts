import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { GatewayUnavailableError, type GatewayResult, type PaymentGateway } from './gateway.js';

/**
 * What charging exactly once shares, whoever charges (decision 070, on decision 030's three steps):
 * billing's invoices (billing/payments), the provider's school plans (school-plans) and the store's
 * orders (store-orders). The pending row stays the area's own record (a payments attempt, a plan
 * period's charge, an order 'charging': decision 070 says why not one table), declared here as a
 * PendingRows; the claim (claimPending), the outcome's update out of pending (settlePending), the
 * limits, the gateway call whose answer may be lost and the one reconciliation job over every
 * kind (reconcileKinds) are these, one set for all three.
 */
export const CHARGE_ONCE = {
  /** Authorize.Net refuses the same card, amount and invoice number again within this: longer than the staleness below. */
  duplicateWindowSeconds: 900,
  /** A pending charge or refund older than this has lost its answer (the gateway's timeout is 30 s): reconciliation asks the gateway. */
  staleAfterMs: 5 * 60_000,
  /** Past this, one the gateway still cannot answer about is given up (the office checks the merchant account). */
  giveUpAfterMs: 72 * 3_600_000,
  /** How often the one reconciliation job looks for stale pending rows of every kind (one index probe a kind when there are none). */
  reconcileSweepMs: 60_000,
  /** Stale rows a reconciliation run takes at most. */
  reconcileBatch: 50,
} as const;

/** The words kept when reconciliation gives up (billing's attempts, the store's orders). */
export const GAVE_UP_MESSAGE = 'The payment processor could not confirm this for three days: check the merchant account.';

/**
 * Where a kind's pending rows live, declared by the module that owns the table (decision 058):
 * the table, its id, the column and value that mean "pending, the answer not recorded", and the
 * unique columns that make a claim happen once (the idempotency key, or what stands for it).
 */
export type PendingRows = {
  table: PgTable;
  id: AnyPgColumn;
  status: AnyPgColumn;
  pending: string;
  key: [AnyPgColumn, ...AnyPgColumn[]];
};

/**
 * Step A's claim, in the caller's transaction (under the area's lock): the pending row is written
 * unless a row with the same key exists. Answers the new row, or null when the key was claimed
 * before (the caller answers from that row: a replay, never a second charge).
 */
export async function claimPending<Row>(tx: Tx, rows: PendingRows, values: Record<string, unknown>): Promise<Row | null> {
  const inserted = await tx.insert(rows.table).values(values as never).onConflictDoNothing({ target: rows.key }).returning();
  return ((inserted as unknown[])[0] as Row | undefined) ?? null;
}

/**
 * Step C's one update, the request's or reconciliation's: the row moves out of pending only if it
 * is still pending, so an outcome is recorded once however many nodes race. Answers the row as
 * updated, or null when another recorded it first (its record stands).
 */
export async function settlePending<Row>(tx: Tx, rows: PendingRows, id: string, set: Record<string, unknown>): Promise<Row | null> {
  const updated = await tx.update(rows.table).set(set as never).where(and(eq(rows.id, id), eq(rows.status, rows.pending))).returning();
  return ((updated as unknown[])[0] as Row | undefined) ?? null;
}

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
    /** Records the outcome in the area's own transaction, at the run's time `now`; true when this run recorded it. */
    settle(row: R, answer: SettledAnswer, now: Date): Promise<boolean>;
  },
): Promise<{ settled: number; waiting: number }> {
  let settled = 0;
  let waiting = 0;
  for (const row of due) {
    const gateway = await how.gatewayOf(row);
    const answer = gateway ? await lookUpLostAnswer(gateway, how.refsOf(row), now, how.chargedThrough?.(row)) : ({ kind: 'waiting' } as const);
    if (answer.kind === 'waiting') waiting += 1;
    else if (await how.settle(row, answer, now)) settled += 1;
  }
  return { settled, waiting };
}

/** The kinds of pending charge the one reconciliation job settles (decision 070). */
export type ChargeKindName = 'invoice' | 'school-plan' | 'store-order';

/**
 * A kind of pending row, as the one reconciliation job sees it: how to find its stale rows (at
 * most CHARGE_ONCE.reconcileBatch, older than staleBefore(now)), and reconcileLostAnswers' hooks,
 * whose `settle` is the kind's callback: what an outcome does (the invoice credited, the plan's
 * period paid or its booking undone, the order paid or declined).
 */
export type ChargeKind<R = unknown> = {
  name: ChargeKindName;
  staleRows(now: Date): Promise<R[]>;
} & Parameters<typeof reconcileLostAnswers<R>>[2];

/** A ChargeKind, typed by its rows where it is built and erased where the kinds are listed together. */
export const chargeKind = <R>(kind: ChargeKind<R>): ChargeKind => kind as unknown as ChargeKind;

/** The one job that settles lost answers of every kind, every CHARGE_ONCE.reconcileSweepMs. */
export const RECONCILE_LOST_ANSWERS_JOB = 'reconcile-lost-answers';

export type KindCounts = { settled: number; waiting: number };

/**
 * One reconciliation run over every kind: each kind's stale rows, asked and settled through
 * reconcileLostAnswers. A kind whose run fails does not stop the others (its rows wait for the
 * next run); the error is thrown after all have run, so the job runner reports it.
 */
export async function reconcileKinds(kinds: readonly ChargeKind[], now = new Date()): Promise<Record<ChargeKindName, KindCounts>> {
  const counts = { invoice: { settled: 0, waiting: 0 }, 'school-plan': { settled: 0, waiting: 0 }, 'store-order': { settled: 0, waiting: 0 } };
  const errors: unknown[] = [];
  for (const kind of kinds) {
    try {
      const { settled, waiting } = await reconcileLostAnswers(await kind.staleRows(now), now, kind);
      counts[kind.name].settled += settled;
      counts[kind.name].waiting += waiting;
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'Reconciling lost answers failed for several kinds');
  return counts;
}
