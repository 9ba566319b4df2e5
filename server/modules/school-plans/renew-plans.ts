import { emailLayout } from '../../services/email/layout.js';
import { formatMoney } from '../../../shared/money.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { schoolPlanBookings, schoolPlanCharges, schoolPlans, schools, users } from '../../db/schema/index.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { setSchoolPlanState } from '../schools/index.js';
import { chargePeriod, claimPeriod, settlePeriod, type ChargeRow } from './period-charge.js';
import { planPaymentFailedProviderEmail, renewalFailedEmail, renewalInvoicedEmail, renewalPaidEmail } from './plan-emails.js';
import { tellProvider } from './provider-notices.js';
import { nextPeriodStart, providerGateway, type PlanServices } from './provider-gateway.js';
import { addDays, todayIn } from '../../../shared/school-clock.js';
import { schoolTodaySql, schoolZoneSql } from '../../lib/school-clock.js';

export const RENEW_PLANS_JOB = 'renew-school-plans';
/** Periods start at the school's midnight; a quarter of an hour later is soon enough. */
export const RENEW_SWEEP_MS = 15 * 60_000;
/** After a failed renewal: tries again 1, 3 and 7 days later, then the plan lapses. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
/** A claimed booking is left alone this long by other runs: time enough for a charge to finish. */
const LEASE_MS = 10 * 60_000;
const PER_SWEEP = 200;
const DAY_MS = 86_400_000;

type Claimed = { id: string; admin_id: string };
export type RenewalRun = { renewed: number; failed: number; lapsed: number; ended: number; waiting: number };
type Outcome = keyof RenewalRun;

/**
 * Claims the bookings due now in one statement (one probe of the partial index when none is):
 * active, renewing today or earlier on the school's clock, the next try due. The claim moves
 * next_retry_at past a lease under SKIP LOCKED, so two nodes (or a rerun) never take one at once.
 */
async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  return db.transaction({ kind: 'all' }, async (tx) => (await tx.execute(sql`
    update school_plan_bookings b set next_retry_at = ${lease}::timestamptz
    where b.id in (
      select d.id from school_plan_bookings d
      join schools s on s.admin_id = d.admin_id and s.deleted_at is null
      where d.status = 'active'
        -- No zone is ahead of UTC by more than a day: this bound lets the partial index answer.
        and d.renews_on <= (${at}::timestamptz at time zone 'UTC')::date + 1
        and d.renews_on <= ${schoolTodaySql('s', now)}
        and (d.next_retry_at is null or d.next_retry_at <= ${at}::timestamptz)
      order by d.renews_on, d.id
      limit ${PER_SWEEP}
      for update of d skip locked
    )
    returning b.id, b.admin_id`)).rows as Claimed[]);
}

type Facts = {
  booking: typeof schoolPlanBookings.$inferSelect;
  plan: typeof schoolPlans.$inferSelect;
  schoolName: string;
  timeZone: string;
  owner: { id: string; firstName: string; email: string | null };
};

async function factsOf(tx: Tx, bookingId: string): Promise<Facts | null> {
  const [row] = await tx.select({ booking: schoolPlanBookings, plan: schoolPlans, schoolName: schools.schoolName, timeZone: schoolZoneSql(), owner: { id: users.id, firstName: users.firstName, email: users.email } })
    .from(schoolPlanBookings)
    .innerJoin(schoolPlans, eq(schoolPlans.id, schoolPlanBookings.planId))
    .innerJoin(schools, eq(schools.adminId, schoolPlanBookings.adminId))
    .innerJoin(users, eq(users.id, schoolPlanBookings.adminId))
    .where(eq(schoolPlanBookings.id, bookingId)).for('update', { of: schoolPlanBookings }).limit(1);
  return row ?? null;
}

/** The booking moves to its next period; the lapse, if any, is over. */
async function advance(tx: Tx, f: Facts, now: Date) {
  const startsOn = f.booking.renewsOn;
  await tx.update(schoolPlanBookings).set({
    status: 'active', periodStartsOn: startsOn, renewsOn: nextPeriodStart(startsOn, f.plan.billingPeriod),
    renewalFailures: 0, nextRetryAt: null, updatedAt: now,
  }).where(eq(schoolPlanBookings.id, f.booking.id));
  await setSchoolPlanState(tx, f.booking.adminId, { planLapsedAt: null, showStore: f.plan.storeIncluded });
}

const billingUrl = (appUrl: string) => `${appUrl}/paymentBilling`;

async function emailOwner(tx: Tx, f: Facts, kind: string, email: { subject: string; text: string; html: string }) {
  if (!f.owner.email) return;
  await queueEmail(tx, { ...email, to: f.owner.email, kind, adminId: f.booking.adminId, userId: f.owner.id });
}

type Step = { done: Outcome } | { charge: ChargeRow; facts: Facts };

/** Step A: what the due period needs, decided with the booking locked. */
async function beginRenewal(tx: Tx, bookingId: string, appUrl: string, now: Date, force: boolean): Promise<Step> {
  const f = await factsOf(tx, bookingId);
  const due = f && (force ? f.booking.status !== 'cancelled' : f.booking.status === 'active' && f.booking.renewsOn <= todayIn(f.timeZone, now));
  if (!f || !due) return { done: 'waiting' };
  if (f.booking.cancelAtPeriodEnd) {
    await tx.update(schoolPlanBookings).set({ status: 'cancelled', nextRetryAt: null, updatedAt: now }).where(eq(schoolPlanBookings.id, f.booking.id));
    await setSchoolPlanState(tx, f.booking.adminId, { showStore: false, planLapsedAt: null });
    return { done: 'ended' };
  }
  if (f.plan.priceCents === 0) {
    await advance(tx, f, now);
    return { done: 'renewed' };
  }
  const period = {
    adminId: f.booking.adminId, bookingId: f.booking.id, planId: f.plan.id, planName: f.plan.planName,
    periodStartsOn: f.booking.renewsOn, periodEndsOn: addDays(nextPeriodStart(f.booking.renewsOn, f.plan.billingPeriod), -1),
    amountCents: f.plan.priceCents, currency: f.plan.currency,
  };
  if (f.booking.paymentMethod === 'invoice' || !f.booking.customerPaymentProfileId) {
    await claimPeriod(tx, { ...period, method: 'invoice' });
    await advance(tx, f, now);
    await emailOwner(tx, f, 'plan_renewal_invoiced', { ...renewalInvoicedEmail({ firstName: f.owner.firstName, schoolName: f.schoolName, planName: f.plan.planName, amountCents: f.plan.priceCents, currency: f.plan.currency, periodEndsOn: period.periodEndsOn, url: billingUrl(appUrl) }) });
    return { done: 'renewed' };
  }
  const charge = await claimPeriod(tx, {
    ...period, method: 'card', card: { brand: f.booking.cardBrand, last4: f.booking.cardLast4, gateway: f.booking.gateway ?? 'sandbox', testMode: f.booking.testMode },
  });
  if (charge) return { charge, facts: f };
  // The period's row exists: paid already (the booking moves on), or an attempt is in flight.
  const [existing] = await tx.select({ status: schoolPlanCharges.status }).from(schoolPlanCharges)
    .where(and(eq(schoolPlanCharges.bookingId, f.booking.id), eq(schoolPlanCharges.periodStartsOn, f.booking.renewsOn)));
  if (existing?.status === 'succeeded') {
    await advance(tx, f, now);
    return { done: 'renewed' };
  }
  return { done: 'waiting' };
}

/**
 * Step C: the answer recorded once; the booking moves on, or counts a failure, or lapses. A
 * failure is told to the owner and to the provider (bell and email, decision 076): `tx` sees every
 * school ({ kind: 'all' }), the provider's rows being outside the school's.
 */
export async function finishRenewal(tx: Tx, charge: ChargeRow, result: Parameters<typeof settlePeriod>[2], appUrl: string, now: Date): Promise<Outcome> {
  const settled = await settlePeriod(tx, charge, result);
  const f = await factsOf(tx, charge.bookingId);
  if (!settled || !f) return 'waiting';
  if (result.approved) {
    await advance(tx, f, now);
    await emailOwner(tx, f, 'plan_renewed', renewalPaidEmail({ firstName: f.owner.firstName, schoolName: f.schoolName, planName: charge.planName, amountCents: charge.amountCents, currency: charge.currency, periodEndsOn: charge.periodEndsOn, url: billingUrl(appUrl) }));
    // The provider hears of the money too (issue 28); a night of renewals is one notice that counts (decision 083).
    const paid = `${f.schoolName} paid ${formatMoney(charge.amountCents, charge.currency)} for ${charge.planName}`;
    await tellProvider(tx, {
      adminId: f.booking.adminId, kind: 'school-plan-paid', link: '/schoolbilling/bookplan',
      email: { subject: paid, ...emailLayout('Hello,', [`${paid}, through ${charge.periodEndsOn}.`], { label: 'See the school plans', url: `${appUrl}/schoolbilling/bookplan` }, 'You receive this email because you run Cadenza for schools.') },
      group: { key: 'school-plan-paid', many: (n) => ({ title: `${n} school plan payments received`, body: `The latest: ${paid}.` }) },
    });
    return 'renewed';
  }
  const failures = f.booking.renewalFailures + 1;
  const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
  const nextTry = retryDays ? new Date(now.getTime() + retryDays * DAY_MS) : null;
  await tx.update(schoolPlanBookings).set({
    renewalFailures: failures, nextRetryAt: nextTry, updatedAt: now, ...(nextTry ? {} : { status: 'lapsed' }),
  }).where(eq(schoolPlanBookings.id, f.booking.id));
  if (!nextTry) await setSchoolPlanState(tx, f.booking.adminId, { planLapsedAt: now });
  const nextTryOn = nextTry ? todayIn(f.timeZone, nextTry) : null;
  await emailOwner(tx, f, nextTry ? 'plan_renewal_failed' : 'plan_lapsed', renewalFailedEmail({
    firstName: f.owner.firstName, schoolName: f.schoolName, planName: charge.planName, amountCents: charge.amountCents, currency: charge.currency,
    reason: result.message, nextTryOn, url: billingUrl(appUrl),
  }));
  await tellProvider(tx, {
    adminId: f.booking.adminId, kind: 'school-plan-payment-failed', link: '/schoolbilling/bookplan',
    email: planPaymentFailedProviderEmail({
      schoolName: f.schoolName, planName: charge.planName, amountCents: charge.amountCents, currency: charge.currency,
      reason: result.message, nextTryOn, url: `${appUrl}/schoolbilling/bookplan`,
    }),
  });
  return nextTry ? 'failed' : 'lapsed';
}

/** One booking's due period: steps A, B (outside any transaction) and C. `force` pays a lapsed plan now. */
export async function renewBooking(db: Database, services: PlanServices, claimed: Claimed, now: Date, force = false): Promise<Outcome> {
  const appUrl = services.config.appUrl;
  const step = await db.transaction({ kind: 'school', adminId: claimed.admin_id }, (tx) => beginRenewal(tx, claimed.id, appUrl, now, force));
  if ('done' in step) return step.done;
  const { booking } = step.facts;
  const gateway = await providerGateway(db, services);
  return chargePeriod(gateway, step.charge, {
    customerProfileId: booking.customerProfileId!, customerPaymentProfileId: booking.customerPaymentProfileId!,
  }, step.facts.schoolName, {
    // Every school's scope: a failure is told to the provider too (finishRenewal).
    record: (result) => db.transaction({ kind: 'all' }, (tx) => finishRenewal(tx, step.charge, result, appUrl, now)),
    // No answer: the row stays pending and the period is not charged again by a rerun (the lease).
    unknown: () => 'waiting' as const,
  });
}

/** The `renew-school-plans` job: every school whose period ends today is charged once for the next. */
export async function renewSchoolPlans(db: Database, services: PlanServices, now = new Date()): Promise<RenewalRun> {
  const run: RenewalRun = { renewed: 0, failed: 0, lapsed: 0, ended: 0, waiting: 0 };
  for (const claimed of await claimDue(db, now)) run[await renewBooking(db, services, claimed, now)] += 1;
  return run;
}
