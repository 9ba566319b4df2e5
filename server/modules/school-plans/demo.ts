import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';
import { schoolPlanBookings, schoolPlanCharges, schoolPlans, schools, users } from '../../db/schema/index.js';
import { createSandboxGateway } from '../../services/payments/sandbox-gateway.js';
import { nextPeriodStart } from './provider-gateway.js';
import { addDays, atLocal, DEFAULT_SCHOOL_ZONE, inZone } from '../../../shared/school-clock.js';

/**
 * The provider's plans in the demo (issue 12): Starter (free, private teacher), Studio ($49 a
 * month, 50 students) and Academy ($99 a month, store included). Riverside is on Academy (store
 * on) and Northside on Studio (store off), both paying by the sandbox's Visa 4111 since last month;
 * Clara Jensen is on Starter. Each paid school's next renewal is after today.
 */
export async function seedSchoolPlansDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  // A spec's own Riverside (ctx.login, docs/decisions/064-each-browser-spec-on-its-own-school.md) books the demo's
  // Academy: the provider's plans are provider-wide, seeded once with the demo.
  const [starter, studio, academy] = ctx?.login
    ? await tx.select().from(schoolPlans).where(inArray(schoolPlans.planName, ['Starter', 'Studio', 'Academy'])).orderBy(schoolPlans.priceCents)
    : await tx.insert(schoolPlans).values([
      { planName: 'Starter', priceCents: 0, schoolPrivateTeacher: 'privateTeacher', billingPeriod: 'monthly', maxStudents: 15, maxTeachers: 1, storeIncluded: false },
      { planName: 'Studio', priceCents: 4900, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', maxStudents: 50, maxTeachers: 5, storeIncluded: false },
      { planName: 'Academy', priceCents: 9900, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', maxStudents: null, maxTeachers: null, storeIncluded: true },
    ]).returning();
  const owners = await tx.select({ id: users.id, username: users.username, first: users.firstName, last: users.lastName })
    .from(users).where(inArray(users.username, ctx?.login ? [demoLogin(ctx, 'admin')] : ['admin', 'admin2', 'privateteacher']));
  const owner = (username: string) => {
    const found = owners.find((o) => o.username === demoLogin(ctx, username));
    if (!found) throw new Error(`The school plans demo needs the demo user ${username}`);
    return found;
  };
  // The demo schools keep New York's clock; this period began on the 1st of the month.
  const today = inZone(now, DEFAULT_SCHOOL_ZONE);
  const thisMonth = today.startOf('month').toISODate()!;
  const lastMonth = today.minus({ months: 1 }).startOf('month').toISODate()!;
  const sandbox = createSandboxGateway();

  const bookByCard = async (username: string, plan: typeof studio) => {
    const o = owner(username);
    const customer = await sandbox.createCustomerProfile({ merchantCustomerId: o.id.replaceAll('-', '').slice(0, 20), description: 'Cadenza school plan' });
    const profile = await sandbox.addPaymentProfile({
      customerProfileId: customer.customerProfileId, card: { number: '4111111111111111', expMonth: 12, expYear: 2030, code: '123' },
      billTo: { firstName: o.first, lastName: o.last, address: '1 Demo St', city: 'New York', state: 'NY', zip: '10024', country: 'US' }, makeDefault: true,
    });
    const [booking] = await tx.insert(schoolPlanBookings).values({
      adminId: o.id, planId: plan!.id, paymentMethod: 'card', periodStartsOn: thisMonth, renewsOn: nextPeriodStart(thisMonth, 'monthly'),
      gateway: 'sandbox', testMode: true, customerProfileId: customer.customerProfileId, customerPaymentProfileId: profile.customerPaymentProfileId,
      cardBrand: profile.card.brand, cardLast4: profile.card.last4,
    }).returning();
    await tx.insert(schoolPlanCharges).values([lastMonth, thisMonth].map((startsOn) => ({
      adminId: o.id, bookingId: booking!.id, planId: plan!.id, planName: plan!.planName, periodStartsOn: startsOn,
      periodEndsOn: addDays(nextPeriodStart(startsOn, 'monthly'), -1), amountCents: plan!.priceCents, method: 'card', status: 'succeeded',
      idempotencyKey: `plan:${booking!.id}:${startsOn}:1`, gateway: 'sandbox', testMode: true, message: 'This transaction has been approved.',
      cardBrand: profile.card.brand, cardLast4: profile.card.last4, settledAt: atLocal(startsOn, DEFAULT_SCHOOL_ZONE).plus({ hours: 1 }).toJSDate(),
    })));
    await tx.update(schools).set({ showStore: plan!.storeIncluded }).where(eq(schools.adminId, o.id));
  };
  await bookByCard('admin', academy);
  if (ctx?.login) return;
  await bookByCard('admin2', studio);
  const clara = owner('privateteacher');
  await tx.insert(schoolPlanBookings).values({
    adminId: clara.id, planId: starter!.id, paymentMethod: 'invoice', periodStartsOn: thisMonth, renewsOn: nextPeriodStart(thisMonth, 'monthly'),
  });
  await tx.update(schools).set({ showStore: false }).where(eq(schools.adminId, clara.id));
}
