import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { schoolPlanBookings, schoolPlanCharges } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { CARD_MESSAGES } from '../../../shared/contracts/card.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../shared/contracts/school-plans.js';
import { saveCardWithProvider, type CardInput } from './book-plan.js';
import { providerGateway, type PlanServices } from './provider-gateway.js';
import { renewBooking } from './renew-plans.js';
import { findSchool } from './school-facts.js';

/**
 * /schoolBilling/payMyPlan: the owner of a school whose renewal failed (or whose plan lapsed)
 * pays the due period now, with the kept card or a new one (kept in its place). Success lifts the
 * lapse at once; the period is still charged once (its row is the renewal's).
 */
export async function payMyPlan(db: Database, services: PlanServices, adminId: string, card: CardInput, now = new Date()) {
  const before = await db.transaction({ kind: 'school', adminId }, async (tx) => {
    const [booking] = await tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, adminId)).limit(1);
    if (!booking || booking.status === 'cancelled') throw notFound(SCHOOL_PLAN_MESSAGES.noBooking);
    if (booking.status === 'active' && booking.renewalFailures === 0) throw conflict(SCHOOL_PLAN_MESSAGES.nothingDue);
    return { booking, ...(await findSchool(tx, adminId)) };
  });
  if (card.cardNo) {
    const { owner, school } = before;
    const profile = await saveCardWithProvider(await providerGateway(db, services), adminId, card, {
      firstName: owner.firstName, lastName: owner.lastName, address: school.address1, city: school.city, state: school.state,
      zip: school.postalCode, country: school.country, email: owner.email ?? undefined,
    });
    await db.transaction({ kind: 'school', adminId }, (tx) => tx.update(schoolPlanBookings).set({
      paymentMethod: 'card', gateway: profile.gateway, testMode: profile.testMode, customerProfileId: profile.customerProfileId,
      customerPaymentProfileId: profile.customerPaymentProfileId, cardBrand: profile.brand, cardLast4: profile.last4, updatedAt: now,
    }).where(eq(schoolPlanBookings.id, before.booking.id)));
  } else if (!before.booking.customerPaymentProfileId) {
    throw badRequest(CARD_MESSAGES.numberRequired, { cardNo: CARD_MESSAGES.numberRequired });
  }
  const outcome = await renewBooking(db, services, { id: before.booking.id, admin_id: adminId }, now, true);
  if (outcome === 'renewed') return;
  const [last] = await db.transaction({ kind: 'school', adminId }, (tx) => tx.select({ message: schoolPlanCharges.message }).from(schoolPlanCharges)
    .where(eq(schoolPlanCharges.bookingId, before.booking.id)).orderBy(desc(schoolPlanCharges.periodStartsOn)).limit(1));
  if (outcome === 'waiting') throw conflict(SCHOOL_PLAN_MESSAGES.payInProgress);
  throw badRequest(last?.message || SCHOOL_PLAN_MESSAGES.cardDeclined, { cardNo: last?.message || SCHOOL_PLAN_MESSAGES.cardDeclined });
}
