import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schoolPlanCharges } from '../../db/schema/index.js';
import { callThenRecord, CHARGE_ONCE, claimPending, settlePending, type PendingRows } from '../../services/payments/charge-once.js';
import type { GatewayResult, PaymentGateway } from '../../services/payments/gateway.js';

/**
 * One period of a school's plan is charged once (decision 030's three steps, decision 035):
 *   A. in the school's transaction, with its booking locked, the period's row is claimed as
 *      'pending' (unique per booking and period: a second claim finds it and stops);
 *   B. the provider's gateway is asked outside any transaction, the duplicate window a second guard;
 *   C. the answer is recorded once (`WHERE status = 'pending'`).
 */
export type ChargeRow = typeof schoolPlanCharges.$inferSelect;

/**
 * A plan's pending rows for the charge-once core (decision 070): one row per booking and period,
 * claimed once by that pair; a declined or failed period is claimed again on the same row, with
 * the next attempt's key.
 */
export const PLAN_CHARGE_ROWS: PendingRows = {
  table: schoolPlanCharges, id: schoolPlanCharges.id, status: schoolPlanCharges.status, pending: 'pending',
  key: [schoolPlanCharges.bookingId, schoolPlanCharges.periodStartsOn],
};
export type PeriodFacts = {
  adminId: string;
  bookingId: string;
  planId: string;
  planName: string;
  periodStartsOn: string;
  periodEndsOn: string;
  amountCents: number;
  currency: string;
  method: 'card' | 'invoice';
  card?: { brand: string | null; last4: string | null; gateway: string; testMode: boolean };
};

/**
 * Step A. Answers the row to charge now, or null when the period is paid, billed by invoice, or
 * being charged already. A declined or failed period is claimed again (a retry) with a new key.
 */
export async function claimPeriod(tx: Tx, f: PeriodFacts): Promise<ChargeRow | null> {
  const status = f.method === 'invoice' ? 'invoiced' : 'pending';
  const key = `plan:${f.bookingId}:${f.periodStartsOn}:1`;
  const inserted = await claimPending<ChargeRow>(tx, PLAN_CHARGE_ROWS, {
    adminId: f.adminId, bookingId: f.bookingId, planId: f.planId, planName: f.planName,
    periodStartsOn: f.periodStartsOn, periodEndsOn: f.periodEndsOn, amountCents: f.amountCents, currency: f.currency,
    method: f.method, status, idempotencyKey: key,
    gateway: f.card?.gateway ?? null, testMode: f.card?.testMode ?? false, cardBrand: f.card?.brand ?? null, cardLast4: f.card?.last4 ?? null,
  });
  if (inserted) return inserted.status === 'pending' ? inserted : null;
  if (f.method === 'invoice') return null;
  const [retried] = await tx.update(schoolPlanCharges).set({
    status: 'pending', attempts: sql`${schoolPlanCharges.attempts} + 1`, amountCents: f.amountCents, planId: f.planId, planName: f.planName,
    idempotencyKey: sql`${`plan:${f.bookingId}:${f.periodStartsOn}:`} || (${schoolPlanCharges.attempts} + 1)`,
    cardBrand: f.card?.brand ?? null, cardLast4: f.card?.last4 ?? null, message: '',
  }).where(and(
    eq(schoolPlanCharges.bookingId, f.bookingId), eq(schoolPlanCharges.periodStartsOn, f.periodStartsOn),
    sql`${schoolPlanCharges.status} in ('declined', 'failed')`,
  )).returning();
  return retried ?? null;
}

/** The invoice number the provider's gateway is sent for a period (and asked by when its answer is lost). */
export const planInvoiceNumber = (row: Pick<ChargeRow, 'periodStartsOn'>) => `PLAN-${row.periodStartsOn.replaceAll('-', '')}`;

/**
 * Steps B and C (callThenRecord, decision 070): the kept card's profile charged outside any
 * transaction; a known answer goes to `record`, an unknown one to `unknown` (the row stays pending).
 */
export function chargePeriod<O>(
  gateway: PaymentGateway, row: ChargeRow, profile: { customerProfileId: string; customerPaymentProfileId: string }, schoolName: string,
  then: { record(result: GatewayResult): Promise<O>; unknown(): O | Promise<O> },
): Promise<O> {
  return callThenRecord(row, { call: (r) => callProvider(gateway, r, profile, schoolName), record: (_r, result) => then.record(result), unknown: () => then.unknown() });
}

/** Step B's call. */
function callProvider(gateway: PaymentGateway, row: ChargeRow, profile: { customerProfileId: string; customerPaymentProfileId: string }, schoolName: string): Promise<GatewayResult> {
  return gateway.chargeProfile({
    ...profile,
    amountCents: row.amountCents,
    currency: row.currency,
    invoiceNumber: planInvoiceNumber(row),
    description: `Cadenza ${row.planName} plan for ${schoolName}, ${row.periodStartsOn} to ${row.periodEndsOn}`,
    idempotencyKey: row.idempotencyKey,
    duplicateWindowSeconds: CHARGE_ONCE.duplicateWindowSeconds,
  });
}

/** Step C: the answer, recorded once. Answers the row as it ends, or null if another node recorded it. */
export async function settlePeriod(tx: Tx, row: ChargeRow, result: GatewayResult): Promise<ChargeRow | null> {
  return settlePending<ChargeRow>(tx, PLAN_CHARGE_ROWS, row.id, {
    status: result.approved ? 'succeeded' : 'declined',
    gatewayTransactionId: result.transactionId || null,
    message: result.message,
    settledAt: new Date(),
  });
}
