import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser } from '../../test/factories.js';
import { emailMessages, notifications, schoolPlanBookings, schoolPlanCharges, schools, users } from '../../db/schema/index.js';
import { createSandboxGateway } from '../../services/payments/sandbox-gateway.js';
import { GatewayUnavailableError, type GatewayResult, type PaymentGateway } from '../../services/payments/gateway.js';
import { schoolRegistrationBody } from '../../../shared/contracts/school-signup.js';
import { bookPlanSchool } from './book-plan.js';
import { reconcilePlanCharges } from './reconcile-plan-charges.js';
import { registerSchool } from './self-register.js';
import { schoolRegistration } from '../../test/school-registration.js';

/**
 * A first period (Book Plan, self-registration) whose gateway answer was lost stays pending, and
 * the reconcile job settles it as the gateway knows it (decision 035).
 */
let t: TestApp;
let providerId: string;
let planId: string;
const sandbox = createSandboxGateway();
const CARD = { cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' };
const APPROVED: GatewayResult = { approved: true, transactionId: 't-first', responseCode: '1', message: 'This transaction has been approved.' };
const DECLINED: GatewayResult = { approved: false, transactionId: 't-no', responseCode: '2', message: 'This transaction has been declined.' };
const LATER = () => new Date(Date.now() + 6 * 60_000);

/** A gateway whose charge answers are lost; `findCharge` answers what `known` says, or is down. */
function losing() {
  const state = { known: null as GatewayResult | null, down: false, charged: 0, removedProfiles: 0 };
  const gateway: PaymentGateway = {
    ...sandbox,
    chargeProfile: async () => { state.charged += 1; throw new GatewayUnavailableError(); },
    findCharge: async () => { if (state.down) throw new GatewayUnavailableError(); return state.known; },
    deletePaymentProfile: async (p) => { state.removedProfiles += 1; return sandbox.deletePaymentProfile(p); },
  };
  return { state, services: { config: t.services.config, gatewayFor: async () => gateway } };
}

const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;
const bookingsOf = (adminId: string) => all<(typeof schoolPlanBookings.$inferSelect)[]>((tx) => tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, adminId)));
const chargesOf = (adminId: string) => all<(typeof schoolPlanCharges.$inferSelect)[]>((tx) => tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, adminId)));
const schoolOf = async (adminId: string) => (await all<(typeof schools.$inferSelect)[]>((tx) => tx.select().from(schools).where(eq(schools.adminId, adminId))))[0];
const mailOf = (to: string) => all<(typeof emailMessages.$inferSelect)[]>((tx) => tx.select().from(emailMessages).where(eq(emailMessages.toAddress, to)));
const ownerOf = async (adminId: string) => (await all<(typeof users.$inferSelect)[]>((tx) => tx.select().from(users).where(eq(users.id, adminId))))[0];

async function bookLost(l: ReturnType<typeof losing>) {
  const s = await createSchool(t.db);
  await all((tx) => tx.update(schools).set({ postalCode: '62701', address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'US', showStore: false }).where(eq(schools.adminId, s.adminId)));
  await expect(bookPlanSchool(t.db, l.services, { adminId: s.adminId, planId, paymentMethod: 'card', ...CARD })).rejects.toMatchObject({ status: 503 });
  expect(await chargesOf(s.adminId)).toMatchObject([{ status: 'pending' }]);
  return s;
}

let registered = 0;
const registration = (n: string) => schoolRegistrationBody.parse(schoolRegistration(n, providerId, planId, { customerType: 'INDIVIDUAL', ...CARD }));

async function registerLost(l: ReturnType<typeof losing>) {
  const n = `lost${++registered}`;
  const body = registration(n);
  // Registered, off and not signed in: the page says the payment is being confirmed (decision 080).
  const answer = await registerSchool(t.db, l.services, body, new Date());
  expect(answer.login).toBeNull();
  const [owner] = await all<(typeof users.$inferSelect)[]>((tx) => tx.select().from(users).where(eq(users.username, `nora.${n}`)));
  expect(owner).toMatchObject({ status: false, id: answer.id });
  expect(await chargesOf(owner!.id)).toMatchObject([{ status: 'pending' }]);
  return owner!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const provider = await createUser(t.db, 'superadmin', null);
  providerId = provider.id;
  const token = await sessionToken(t, provider.id);
  const added = await t.call('POST', '/api/schoolBilling/addSchoolPlan', {
    token, body: { planName: 'Studio F', price: 49, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', maxStudents: 50, storeIncluded: true },
  });
  planId = added.body.data._id as string;
});
afterAll(() => t.close());

describe('a Book Plan first period whose answer was lost', () => {
  it('is charged once, then settled as approved: the plan runs and its store is on', async () => {
    const l = losing();
    const s = await bookLost(l);
    // Too fresh to look up; then the gateway says it went through. A rerun changes nothing.
    expect(await reconcilePlanCharges(t.db, l.services, new Date())).toMatchObject({ settled: 0 });
    l.state.known = APPROVED;
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 1 });
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 0 });
    expect(l.state.charged).toBe(1);
    expect(await chargesOf(s.adminId)).toMatchObject([{ status: 'succeeded', gatewayTransactionId: 't-first' }]);
    expect(await bookingsOf(s.adminId)).toMatchObject([{ status: 'active' }]);
    expect(await schoolOf(s.adminId)).toMatchObject({ showStore: true, planLapsedAt: null });
  });

  it('settled as declined: nothing was booked, the card is not kept, the school and its owner stay', async () => {
    const l = losing();
    const s = await bookLost(l);
    l.state.known = DECLINED;
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 1 });
    expect(await bookingsOf(s.adminId)).toEqual([]);
    expect(await chargesOf(s.adminId)).toEqual([]);
    expect(l.state.removedProfiles).toBe(1);
    expect(await schoolOf(s.adminId)).toMatchObject({ showStore: false });
    expect(await ownerOf(s.adminId)).toMatchObject({ status: true });
  });

  it('waits while the gateway cannot answer, and after three days counts the charge as not made', async () => {
    const l = losing();
    const s = await bookLost(l);
    l.state.down = true;
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 0, waiting: 1 });
    expect(await chargesOf(s.adminId)).toMatchObject([{ status: 'pending' }]);
    expect(await reconcilePlanCharges(t.db, l.services, new Date(Date.now() + 73 * 3_600_000))).toMatchObject({ settled: 1 });
    expect(await bookingsOf(s.adminId)).toEqual([]);
    expect(await ownerOf(s.adminId)).toMatchObject({ status: true });
  });
});

describe('a self-registration whose first answer was lost', () => {
  it('approved: the owner’s account is turned on, the plan runs, and the first day’s emails go out once', async () => {
    const l = losing();
    const id = await registerLost(l);
    const owner = (await ownerOf(id))!;
    // Nothing sent while the answer is unknown: no welcome for a charge that may be declined.
    expect(await mailOf(owner.email!)).toEqual([]);
    l.state.known = APPROVED;
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 1 });
    expect(await ownerOf(id)).toMatchObject({ status: true });
    expect(await schoolOf(id)).toMatchObject({ showStore: true });
    expect(await chargesOf(id)).toMatchObject([{ status: 'succeeded', gatewayTransactionId: 't-first' }]);
    expect(await bookingsOf(id)).toMatchObject([{ status: 'active' }]);
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 0 });
    expect(l.state.charged).toBe(1);
    const mail = await mailOf(owner.email!);
    expect(mail.map((m) => m.kind).sort()).toEqual(['school-welcome', 'verify-account'].sort());
    const welcome = mail.find((m) => m.kind === 'school-welcome')!;
    expect(welcome.subject).toBe(`Welcome to Cadenza, ${(await schoolOf(id))!.schoolName}`);
    expect(welcome.textBody).toContain('Receipt of your first payment: $49.00 for the Studio F plan');
    expect(welcome.textBody).toContain('t-first');
    // The provider hears of the new school by the bell.
    const bells = await all<{ kind: string }[]>((tx) => tx.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, providerId)));
    expect(bells.filter((b) => b.kind === 'school-registered')).toHaveLength(1);
  });

  it('is not charged twice: the same form sent again is refused, the charge stays one', async () => {
    const l = losing();
    const body = registration(`twice${++registered}`);
    expect((await registerSchool(t.db, l.services, body, new Date())).login).toBeNull();
    await expect(registerSchool(t.db, l.services, body, new Date())).rejects.toMatchObject({ status: 400 });
    expect(l.state.charged).toBe(1);
    // The one charge settles once (here: declined), the school and owner removed with it.
    l.state.known = DECLINED;
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 1 });
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 0 });
    expect(l.state.charged).toBe(1);
  });

  it('declined: the owner, the school and the booking are removed, as a decline at sign-up does', async () => {
    const l = losing();
    const id = await registerLost(l);
    l.state.known = DECLINED;
    expect(await reconcilePlanCharges(t.db, l.services, LATER())).toMatchObject({ settled: 1 });
    expect(await ownerOf(id)).toBeUndefined();
    expect(await schoolOf(id)).toBeUndefined();
    expect(await bookingsOf(id)).toEqual([]);
    expect(l.state.removedProfiles).toBe(1);
  });
});
