import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { invoices, savedCards, schools, users } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/http-errors.js';
import { amountDueSql, invoiceColumns } from '../../../lib/money-sql.js';
import { queueEmail } from '../../../services/email/queue-email.js';
import type { GatewayFor } from '../../../services/payments/gateway-for-school.js';
import { chargeInvoice, type ChargeOutcome } from '../payments/charge-invoice.js';
import { notifyPeople } from '../../notifications/index.js';
import { tellOfficeOfAutopayFailure } from '../payments/office-notices.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { amountDueCents, formatMoney } from '../../../../shared/money.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { autopayFailureEmail } from './autopay-email.js';
import { paymentBillingUrl } from './family-context.js';
import { schoolTodaySql, schoolZoneSql } from '../../../lib/school-clock.js';

export const AUTOPAY_JOB = 'charge-autopay-invoices';
/** Invoices fall due at the school's midnight; a quarter of an hour later is soon enough. */
export const AUTOPAY_SWEEP_MS = 15 * 60_000;
/** After the first charge on the due date fails: retries 1, 3 and 7 days after each failure, then it stops. */
export const RETRY_DAYS = [1, 3, 7] as const;
/** A claimed invoice is left alone this long by other runs: time enough for a charge to finish. */
const LEASE_MS = 10 * 60_000;
const PER_SWEEP = 200;
const DAY_MS = 86_400_000;
const due = invoiceColumns('d');

type Claimed = { id: string; admin_id: string; failures: number };
export type AutopayRun = { charged: number; failed: number; waiting: number };
type Services = { config: Config; gatewayFor?: GatewayFor };

/**
 * Claims the invoices autopay should charge now, in one statement (one indexed query when none is
 * due): of a school whose plan has not lapsed, open, due today or earlier on the school's clock, with a balance, of a student whose
 * autopay is on and whose payer has a default card, fewer than four tries so far and the next
 * one due. The claim moves autopay_next_at past a lease, under SKIP LOCKED: two nodes (or a rerun)
 * never take the same invoice at once.
 */
async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  return db.transaction({ kind: 'all' }, async (tx) => (await tx.execute(sql`
    update invoices i set autopay_next_at = ${lease}::timestamptz
    where i.id in (
      select d.id from invoices d
      -- A school whose plan lapsed charges no family (decision 071): its invoices wait until the plan is back.
      join schools s on s.admin_id = d.admin_id and s.deleted_at is null and s.plan_lapsed_at is null
      join autopay_settings a on a.student_id = d.student_id and a.enabled
      where d.status = 'open'
        -- No zone is ahead of UTC by more than a day: this bound lets the open-invoice index answer.
        and d.due_on <= (${at}::timestamptz at time zone 'UTC')::date + 1
        and d.due_on <= ${schoolTodaySql('s', now)}
        and ${amountDueSql(due.totalCents, due.paidCents)} > 0
        and d.autopay_failures <= ${RETRY_DAYS.length}
        and (d.autopay_next_at is null or d.autopay_next_at <= ${at}::timestamptz)
        and exists (select 1 from saved_cards c where c.owner_id = d.payer_id and c.admin_id = d.admin_id and c.is_default and c.removed_at is null)
      order by d.due_on, d.id
      limit ${PER_SWEEP}
      for update of d skip locked
    )
    returning i.id, i.admin_id, i.autopay_failures as failures`)).rows as Claimed[]);
}

/** The payer's default card now (it may have changed since the claim). */
async function defaultCardOfPayer(db: Database, claimed: Claimed): Promise<string | null> {
  return db.transaction({ kind: 'school', adminId: claimed.admin_id }, async (tx) => {
    const [card] = await tx.select({ id: savedCards.id }).from(savedCards)
      .innerJoin(invoices, and(eq(invoices.id, claimed.id), eq(invoices.payerId, savedCards.ownerId)))
      .where(and(eq(savedCards.adminId, claimed.admin_id), eq(savedCards.isDefault, true), isNull(savedCards.removedAt)));
    return card?.id ?? null;
  });
}

/**
 * Attempt `attempt` failed: counts it once (a conditional update, so of two runs that saw the
 * same answer only one counts and emails), schedules the next try or none after the last, and
 * emails the payer the gateway's words, the invoice and a link to Payment / Billing.
 */
async function recordFailure(db: Database, config: Config, claimed: Claimed, attempt: number, reason: string, outcome: ChargeOutcome | null, now: Date): Promise<boolean> {
  const nextTryAt = attempt <= RETRY_DAYS.length ? new Date(now.getTime() + RETRY_DAYS[attempt - 1]! * DAY_MS) : null;
  return db.transaction({ kind: 'school', adminId: claimed.admin_id }, async (tx) => {
    const [counted] = await tx.update(invoices).set({ autopayFailures: attempt, autopayNextAt: nextTryAt, updatedAt: now })
      .where(and(eq(invoices.id, claimed.id), eq(invoices.autopayFailures, attempt - 1), eq(invoices.status, 'open')))
      .returning();
    if (!counted) return false;
    const [facts] = await tx.select({
      payerEmail: users.email, payerFirstName: users.firstName, schoolName: schools.schoolName, timeZone: schoolZoneSql(),
      studentName: sql<string>`(select s.first_name || ' ' || s.last_name from users s where s.id = ${counted.studentId})`,
    }).from(users).innerJoin(schools, eq(schools.adminId, counted.adminId)).where(eq(users.id, counted.payerId));
    if (facts?.payerEmail) {
      await queueEmail(tx, {
        kind: 'autopay-failed', adminId: counted.adminId, userId: counted.payerId, to: facts.payerEmail,
        ...autopayFailureEmail({
          firstName: facts.payerFirstName, studentName: facts.studentName, schoolName: facts.schoolName,
          invoiceNumber: formatInvoiceNumber(counted.number), amountCents: amountDueCents(counted.totalCents, counted.paidCents), currency: counted.currency,
          reason, cardBrand: outcome?.cardBrand ?? null, cardLast4: outcome?.cardLast4 ?? null, nextTryAt, timeZone: facts.timeZone,
          testMode: outcome?.testMode ?? true, billingUrl: paymentBillingUrl(config.appUrl),
        }),
      });
    }
    await notifyPeople(tx, {
      adminId: counted.adminId, userIds: [counted.payerId], kind: 'payment-failed', title: `Payment failed: invoice ${formatInvoiceNumber(counted.number)}`,
      body: `${formatMoney(amountDueCents(counted.totalCents, counted.paidCents), counted.currency)} could not be charged: ${reason}`, link: '/paymentBilling',
    });
    await tellOfficeOfAutopayFailure(tx, counted, reason, config.appUrl, now);
    return true;
  });
}

/** Refusals that are nobody's failure: another attempt holds the invoice, or it is paid or void by now. */
const NOT_A_FAILURE = new Set<string>([PAYMENT_MESSAGES.inProgress, PAYMENT_MESSAGES.alreadyPaid, PAYMENT_MESSAGES.voided, PAYMENT_MESSAGES.nothingDue, PAYMENT_MESSAGES.draft]);

/**
 * The `charge-autopay-invoices` job. Each attempt has its own idempotency key (invoice and
 * attempt number): a rerun after a crash, or another node, replays the attempt's answer instead
 * of charging again. An answer still pending (the gateway's was lost) waits for reconciliation;
 * the lease then runs out and the next sweep replays the settled answer.
 */
export async function chargeAutopayInvoices(db: Database, services: Services, now = new Date()): Promise<AutopayRun> {
  const run: AutopayRun = { charged: 0, failed: 0, waiting: 0 };
  const claimed = await claimDue(db, now);
  for (const invoice of claimed) {
    const attempt = invoice.failures + 1;
    const cardId = await defaultCardOfPayer(db, invoice);
    if (!cardId) {
      run.waiting += 1;
      continue;
    }
    let outcome: ChargeOutcome;
    try {
      outcome = await chargeInvoice(db, services, {
        adminId: invoice.admin_id, invoiceId: invoice.id, source: 'autopay', idempotencyKey: `autopay:${invoice.id}:${attempt}`, savedCardId: cardId,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (NOT_A_FAILURE.has(error.message)) {
        run.waiting += 1;
        continue;
      }
      // The card cannot be charged at all (removed meanwhile, saved with another processor).
      if (await recordFailure(db, services.config, invoice, attempt, error.message, null, now)) run.failed += 1;
      continue;
    }
    if (outcome.status === 'succeeded') run.charged += 1;
    else if (outcome.status === 'pending') run.waiting += 1;
    else if (await recordFailure(db, services.config, invoice, attempt, outcome.message, outcome, now)) run.failed += 1;
  }
  return run;
}
