import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import { schoolPlanBookings, schoolPlanCharges, schoolPlans, schools, users } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { CARD_MESSAGES } from '../../../shared/contracts/billing.js';
import { SCHOOL_PLAN_MESSAGES, type bookingListBody, type MyPlan, type PlanStates } from '../../../shared/contracts/school-plans.js';
import { setSchoolPlanState } from '../schools/index.js';
import { assertWithinLimits, planFits, saveCardWithProvider, type CardInput } from './book-plan.js';
import { planChangedByProviderEmail, upgradeOfferEmail } from './plan-emails.js';
import { recordActivity } from '../activities/index.js';
import { notifyPeople } from '../notifications/index.js';
import { addDays } from '../../../shared/school-clock.js';
import { schoolToday } from '../../lib/school-clock.js';
import type { planEndBody } from '../../../shared/contracts/school-plans.js';
import { findOfferedPlan } from './plan-service.js';
import { planStateOfBooking, presentBooking, presentCharge } from './presenter.js';
import { providerGateway, type PlanServices } from './provider-gateway.js';
import { bookingFactsOf, findSchool, headcountOf } from './school-facts.js';

type ListQuery = z.output<typeof bookingListBody>;

/** /bookPlan/getbookplanschool: the schools and their plans, newest booking first. */
export async function listBookings(tx: Tx, q: ListQuery) {
  const filters: (SQL | undefined)[] = [isNull(schools.deletedAt)];
  if (q.search) filters.push(ilike(schools.schoolName, likePattern(q.search)));
  const where = and(...filters);
  const rows = await tx.select({ booking: schoolPlanBookings, plan: schoolPlans, school: schools, owner: users, total: totalRows })
    .from(schoolPlanBookings)
    .innerJoin(schoolPlans, eq(schoolPlans.id, schoolPlanBookings.planId))
    .innerJoin(schools, eq(schools.adminId, schoolPlanBookings.adminId))
    .innerJoin(users, eq(users.id, schoolPlanBookings.adminId))
    .where(where).orderBy(desc(schoolPlanBookings.createdAt), desc(schoolPlanBookings.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(schoolPlanBookings)
      .innerJoin(schools, eq(schools.adminId, schoolPlanBookings.adminId)).where(where);
    return row?.count ?? 0;
  });
  const results = [];
  for (const r of rows) {
    const counts = await headcountOf(tx, r.booking.adminId);
    results.push(presentBooking({ ...r, studentCount: counts.students, teacherCount: counts.teachers }));
  }
  return toListResult(results, total, q);
}

/**
 * The plan state of each of these schools that has a booking (/bookPlan/planStates, decision 071):
 * the provider's Schools list asks it for the page it shows, one query for the page.
 */
export async function planStatesOf(tx: Tx, adminIds: readonly string[]): Promise<PlanStates> {
  if (adminIds.length === 0) return [];
  const rows = await tx.select({
    adminId: schoolPlanBookings.adminId, status: schoolPlanBookings.status,
    renewalFailures: schoolPlanBookings.renewalFailures, cancelAtPeriodEnd: schoolPlanBookings.cancelAtPeriodEnd,
  }).from(schoolPlanBookings).where(inArray(schoolPlanBookings.adminId, [...adminIds]));
  return rows.map((r) => ({ adminId: r.adminId, planState: planStateOfBooking(r) }));
}

/** A school's plan and its bills: the school's admin reads their own, the superadmin any school's. */
export async function readPlanOf(tx: Tx, adminId: string): Promise<MyPlan> {
  const facts = await bookingFactsOf(tx, adminId);
  if (!facts) return { booking: null, charges: [] };
  const charges = await tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, adminId))
    .orderBy(desc(schoolPlanCharges.periodStartsOn)).limit(24);
  return { booking: presentBooking(facts), charges: charges.map(presentCharge) };
}

async function bookingOf(tx: Tx, adminId: string) {
  await findSchool(tx, adminId);
  const [booking] = await tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, adminId)).for('update').limit(1);
  if (!booking || booking.status === 'cancelled') throw notFound(SCHOOL_PLAN_MESSAGES.noBooking);
  return booking;
}

type UpdateInput = { adminId: string; planId: string; paymentMethod?: 'card' | 'invoice' } & CardInput;

/**
 * /bookPlan/updatebookplanschool: an upgrade or a downgrade. The new plan's limits and store apply
 * at once; its price from the next renewal. A school with more people than the new plan allows
 * cannot move down to it. A new card, if given, is kept with the provider's gateway first.
 */
export async function updateBookPlanSchool(db: Database, services: PlanServices, input: UpdateInput) {
  const before = await db.transaction({ kind: 'all' }, async (tx) => {
    const booking = await bookingOf(tx, input.adminId);
    const { owner, school } = await findSchool(tx, input.adminId);
    const plan = await findOfferedPlan(tx, input.planId);
    if (booking.planId === plan.id) throw badRequest(SCHOOL_PLAN_MESSAGES.samePlan, { planId: SCHOOL_PLAN_MESSAGES.samePlan });
    if (!planFits(plan, owner.addrole)) throw badRequest(SCHOOL_PLAN_MESSAGES.planTypeMismatch, { planId: SCHOOL_PLAN_MESSAGES.planTypeMismatch });
    assertWithinLimits(plan, await headcountOf(tx, owner.id));
    return { booking, owner, school, plan };
  });
  const method = before.plan.priceCents === 0 ? before.booking.paymentMethod : (input.paymentMethod ?? before.booking.paymentMethod);
  const needsCard = before.plan.priceCents > 0 && method === 'card' && !before.booking.customerPaymentProfileId && !input.cardNo;
  if (needsCard) throw badRequest(CARD_MESSAGES.numberRequired, { cardNo: CARD_MESSAGES.numberRequired });
  const profile = input.cardNo ? await saveCardWithProvider(await providerGateway(db, services), before.owner.id, input, {
    firstName: before.owner.firstName, lastName: before.owner.lastName, address: before.school.address1, city: before.school.city,
    state: before.school.state, zip: before.school.postalCode, country: before.school.country, email: before.owner.email ?? undefined,
  }) : null;
  return db.transaction({ kind: 'school', adminId: input.adminId }, async (tx) => {
    const booking = await bookingOf(tx, input.adminId);
    await tx.update(schoolPlanBookings).set({
      planId: before.plan.id, paymentMethod: method, cancelAtPeriodEnd: false, updatedAt: new Date(),
      ...(profile ? {
        gateway: profile.gateway, testMode: profile.testMode, customerProfileId: profile.customerProfileId,
        customerPaymentProfileId: profile.customerPaymentProfileId, cardBrand: profile.brand, cardLast4: profile.last4,
      } : {}),
    }).where(eq(schoolPlanBookings.id, booking.id));
    await setSchoolPlanState(tx, input.adminId, { showStore: before.plan.storeIncluded });
    return readPlanOf(tx, input.adminId);
  });
}

/** /bookPlan/cancelBookPlanSchool: the plan ends at the end of the paid period (the renewal job ends it). */
export async function cancelBookPlanSchool(tx: Tx, adminId: string) {
  const booking = await bookingOf(tx, adminId);
  if (booking.cancelAtPeriodEnd) throw conflict(SCHOOL_PLAN_MESSAGES.alreadyCancelled);
  await tx.update(schoolPlanBookings).set({ cancelAtPeriodEnd: true, updatedAt: new Date() }).where(eq(schoolPlanBookings.id, booking.id));
  return readPlanOf(tx, adminId);
}

/** /bookPlan/planUpgradeEmail: the owner is emailed the offer of another plan, with a link to their billing page. */
export async function sendPlanUpgradeEmail(tx: Tx, appUrl: string, adminId: string, planId: string) {
  const booking = await bookingOf(tx, adminId);
  const { owner, school } = await findSchool(tx, adminId);
  const plan = await findOfferedPlan(tx, planId);
  if (booking.planId === plan.id) throw badRequest(SCHOOL_PLAN_MESSAGES.samePlan, { planId: SCHOOL_PLAN_MESSAGES.samePlan });
  if (!planFits(plan, owner.addrole)) throw badRequest(SCHOOL_PLAN_MESSAGES.planTypeMismatch, { planId: SCHOOL_PLAN_MESSAGES.planTypeMismatch });
  if (!owner.email) throw badRequest('The school owner has no email address');
  const [current] = await tx.select().from(schoolPlans).where(eq(schoolPlans.id, booking.planId)).limit(1);
  const email = upgradeOfferEmail({
    firstName: owner.firstName, schoolName: school.schoolName, currentPlan: current?.planName ?? '', plan,
    url: `${appUrl}/paymentBilling`,
  });
  await queueEmail(tx, { ...email, to: owner.email, kind: 'plan_upgrade_offer', adminId, userId: owner.id });
}

type EndInput = z.output<typeof planEndBody>;

/**
 * /bookPlan/endOrExtend (decision 071): the provider ends a school's plan now (as the renewal job
 * ends a cancelled one: no store, no lapse) or extends its paid period by some days from its
 * renewal, or from today when that is past, lifting a lapse or a failed renewal. The school's
 * activity shows who did it; its owner is emailed and notified.
 */
export async function endOrExtendPlan(tx: Tx, appUrl: string, by: { id: string; ip: string | null }, input: EndInput, now: Date) {
  const booking = await bookingOf(tx, input.adminId);
  const { owner, school } = await findSchool(tx, input.adminId);
  const [plan] = await tx.select({ planName: schoolPlans.planName, storeIncluded: schoolPlans.storeIncluded }).from(schoolPlans).where(eq(schoolPlans.id, booking.planId)).limit(1);
  let renewsOn: string | null = null;
  if (input.action === 'end') {
    await tx.update(schoolPlanBookings).set({ status: 'cancelled', cancelAtPeriodEnd: true, renewalFailures: 0, nextRetryAt: null, updatedAt: now })
      .where(eq(schoolPlanBookings.id, booking.id));
    await setSchoolPlanState(tx, input.adminId, { showStore: false, planLapsedAt: null });
  } else {
    const today = await schoolToday(tx, input.adminId, now);
    renewsOn = addDays(booking.renewsOn > today ? booking.renewsOn : today, input.days);
    await tx.update(schoolPlanBookings).set({ status: 'active', renewsOn, renewalFailures: 0, nextRetryAt: null, updatedAt: now })
      .where(eq(schoolPlanBookings.id, booking.id));
    await setSchoolPlanState(tx, input.adminId, { planLapsedAt: null, showStore: plan?.storeIncluded ?? false });
  }
  const name = `${school.schoolName}${renewsOn ? ` to ${renewsOn}` : ''}`;
  await recordActivity(tx, { adminId: input.adminId, actorId: by.id, action: input.action === 'end' ? 'schoolPlan.ended' : 'schoolPlan.extended', ip: by.ip, meta: { name } });
  const email = planChangedByProviderEmail({ firstName: owner.firstName, schoolName: school.schoolName, planName: plan?.planName ?? '', renewsOn, url: `${appUrl}/paymentBilling` });
  if (owner.email) await queueEmail(tx, { ...email, to: owner.email, kind: input.action === 'end' ? 'plan_ended_by_provider' : 'plan_extended_by_provider', adminId: input.adminId, userId: owner.id });
  await notifyPeople(tx, { adminId: input.adminId, userIds: [owner.id], kind: 'school-plan', title: email.subject, link: '/paymentBilling' });
  return { plan: await readPlanOf(tx, input.adminId), renewsOn };
}
