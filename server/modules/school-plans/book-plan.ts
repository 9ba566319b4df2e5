import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { schoolPlanBookings } from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../lib/http-errors.js';
import { CardRejectedError, type PaymentGateway } from '../../services/payments/gateway.js';
import { SCHOOL_PLAN_MESSAGES, type SchoolPlanType } from '../../../shared/contracts/school-plans.js';
import { setSchoolPlanState } from '../schools/index.js';
import { keepFirstPeriod, undoFirstPeriod } from './first-period.js';
import { chargePeriod, claimPeriod, settlePeriod, type ChargeRow } from './period-charge.js';
import { findOfferedPlan } from './plan-service.js';
import { cardOf, nextPeriodStart, providerGateway, type PlanServices } from './provider-gateway.js';
import { findSchool, headcountOf } from './school-facts.js';
import { addDays, todayIn } from '../../../shared/school-clock.js';

type PlanRow = Awaited<ReturnType<typeof findOfferedPlan>>;
export type CardInput = { cardNo?: string; expDate?: string; cardCode?: string };
export type BillToFacts = { firstName: string; lastName: string; address: string; city: string; state: string; zip: string; country: string; email?: string };
export type SavedProfile = { gateway: string; testMode: boolean; customerProfileId: string; customerPaymentProfileId: string; brand: string; last4: string };

/** The school's role a plan is for: a School plan for a School, a private teacher's for one. */
export function planFits(plan: { schoolPrivateTeacher: string }, addrole: string | null): boolean {
  const type: SchoolPlanType = addrole === 'Private teacher' ? 'privateTeacher' : 'school';
  return plan.schoolPrivateTeacher === type;
}

/** The school already has more people than the plan allows. */
export function assertWithinLimits(plan: { maxStudents: number | null; maxTeachers: number | null }, counts: { students: number; teachers: number }) {
  if ((plan.maxStudents !== null && counts.students > plan.maxStudents) || (plan.maxTeachers !== null && counts.teachers > plan.maxTeachers)) {
    throw badRequest(SCHOOL_PLAN_MESSAGES.overLimit, { planId: SCHOOL_PLAN_MESSAGES.overLimit });
  }
}

/**
 * Keeps the card with the provider's gateway as a customer profile (validated there; a refused
 * card is a 400 with the gateway's words). The number goes to the gateway and nowhere else.
 */
export async function saveCardWithProvider(gateway: PaymentGateway, merchantCustomerId: string, card: CardInput, billTo: BillToFacts): Promise<SavedProfile> {
  const details = cardOf(card);
  try {
    const customer = await gateway.createCustomerProfile({ merchantCustomerId: merchantCustomerId.replaceAll('-', '').slice(0, 20), email: billTo.email, description: 'Cadenza school plan' });
    const profile = await gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card: details, billTo, makeDefault: true });
    return {
      gateway: gateway.name, testMode: gateway.testMode, customerProfileId: customer.customerProfileId,
      customerPaymentProfileId: profile.customerPaymentProfileId, brand: profile.card.brand, last4: profile.card.last4,
    };
  } catch (error) {
    if (error instanceof CardRejectedError) throw badRequest(error.message, { cardNo: error.message });
    throw error;
  }
}

/** The first period's facts of a new booking, from today on the school's clock. */
export function firstPeriodOf(plan: PlanRow, timeZone: string, now = new Date()) {
  const startsOn = todayIn(timeZone, now);
  const renewsOn = nextPeriodStart(startsOn, plan.billingPeriod);
  return { startsOn, renewsOn, endsOn: addDays(renewsOn, -1) };
}

/**
 * Charges a new booking's first period with the kept card (steps B and C). Declined: the booking
 * and its charge are removed (nothing was booked) and the gateway's words answered as a 400.
 * Unknown: the charge stays pending, answered as 503; the reconcile job settles it later.
 */
export async function chargeFirstPeriod(db: Database, gateway: PaymentGateway, row: ChargeRow, profile: SavedProfile, schoolName: string, undo: (tx: Tx) => Promise<void>) {
  return chargePeriod(gateway, row, profile, schoolName, {
    record: async (result) => {
      const settled = await db.transaction({ kind: 'school', adminId: row.adminId }, async (tx) => {
        const done = await settlePeriod(tx, row, result);
        if (result.approved) return done;
        await undo(tx);
        return done;
      });
      if (!result.approved) {
        await gateway.deletePaymentProfile(profile).catch(() => undefined);
        throw badRequest(result.message || SCHOOL_PLAN_MESSAGES.cardDeclined, { cardNo: result.message || SCHOOL_PLAN_MESSAGES.cardDeclined });
      }
      return settled;
    },
    unknown: () => {
      throw new AppError(503, 'We could not reach the payment processor: the plan is booked and its payment will be checked');
    },
  });
}

type BookInput = { adminId: string; planId: string; paymentMethod: 'card' | 'invoice' } & CardInput;

/** /bookPlan/bookplanschool: the superadmin books a plan for an existing school. */
export async function bookPlanSchool(db: Database, services: PlanServices, input: BookInput) {
  const facts = await db.transaction({ kind: 'all' }, async (tx) => {
    const { owner, school } = await findSchool(tx, input.adminId);
    const plan = await findOfferedPlan(tx, input.planId);
    if (!planFits(plan, owner.addrole)) throw badRequest(SCHOOL_PLAN_MESSAGES.planTypeMismatch, { planId: SCHOOL_PLAN_MESSAGES.planTypeMismatch });
    const [existing] = await tx.select({ status: schoolPlanBookings.status }).from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, owner.id)).limit(1);
    if (existing && existing.status !== 'cancelled') throw conflict(SCHOOL_PLAN_MESSAGES.alreadyBooked);
    assertWithinLimits(plan, await headcountOf(tx, owner.id));
    return { owner, school, plan, replaces: Boolean(existing) };
  });
  const { owner, school, plan } = facts;
  const paid = plan.priceCents > 0;
  const byCard = paid && input.paymentMethod === 'card';
  const gateway = byCard ? await providerGateway(db, services) : null;
  const profile = gateway ? await saveCardWithProvider(gateway, owner.id, input, {
    firstName: owner.firstName, lastName: owner.lastName, address: school.address1, city: school.city, state: school.state,
    zip: school.postalCode, country: school.country, email: owner.email ?? undefined,
  }) : null;
  const period = firstPeriodOf(plan, school.timeZone);
  const row = await db.transaction({ kind: 'school', adminId: owner.id }, async (tx) => {
    // A cancelled booking of the school makes way for the new one (its charges go with it).
    if (facts.replaces) await tx.delete(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, owner.id));
    const [booking] = await tx.insert(schoolPlanBookings).values({
      adminId: owner.id, planId: plan.id, paymentMethod: paid ? input.paymentMethod : 'invoice',
      periodStartsOn: period.startsOn, renewsOn: period.renewsOn,
      ...(profile ? {
        gateway: profile.gateway, testMode: profile.testMode, customerProfileId: profile.customerProfileId,
        customerPaymentProfileId: profile.customerPaymentProfileId, cardBrand: profile.brand, cardLast4: profile.last4,
      } : {}),
    }).onConflictDoNothing({ target: schoolPlanBookings.adminId }).returning();
    if (!booking) throw conflict(SCHOOL_PLAN_MESSAGES.alreadyBooked);
    if (!byCard) await setSchoolPlanState(tx, owner.id, { showStore: plan.storeIncluded, planLapsedAt: null });
    if (!paid) return null;
    return claimPeriod(tx, {
      adminId: owner.id, bookingId: booking.id, planId: plan.id, planName: plan.planName,
      periodStartsOn: period.startsOn, periodEndsOn: period.endsOn, amountCents: plan.priceCents, currency: plan.currency,
      method: byCard ? 'card' : 'invoice',
      ...(profile ? { card: { brand: profile.brand, last4: profile.last4, gateway: profile.gateway, testMode: profile.testMode } } : {}),
    });
  });
  if (row && gateway && profile) {
    await chargeFirstPeriod(db, gateway, row, profile, school.schoolName, (tx) => undoFirstPeriod(tx, owner.id, false));
    await db.transaction({ kind: 'school', adminId: owner.id }, (tx) => keepFirstPeriod(tx, owner.id, plan.storeIncluded, false));
  }
  return owner.id;
}
