import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { emailMessages, schoolPlanBookings, schoolPlanCharges, schools } from '../../db/schema/index.js';
import { createSandboxGateway } from '../../services/payments/sandbox-gateway.js';
import type { PaymentGateway } from '../../services/payments/gateway.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../shared/contracts/school-plans.js';
import { renewSchoolPlans } from './renew-plans.js';
import { reconcilePlanCharges } from './reconcile-plan-charges.js';
import { GatewayUnavailableError, type GatewayResult } from '../../services/payments/gateway.js';

let t: TestApp;
let superToken: string;
let provider: Awaited<ReturnType<typeof createUser>>;
let charges = 0;
const sandbox = createSandboxGateway();
/** The sandbox, counting what it is asked to charge. */
const counting: PaymentGateway = { ...sandbox, chargeProfile: (r) => { charges += 1; return sandbox.chargeProfile(r); } };
const services = () => ({ config: t.services.config, gatewayFor: async () => counting });
const CARD = { cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' };
const DAY = 86_400_000;

const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;

async function bookedSchool(plan: object): Promise<{ s: TestSchool; planId: string }> {
  const s = await createSchool(t.db);
  await all((tx) => tx.update(schools).set({ postalCode: '62701', address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'US', timeZone: 'UTC' }).where(eq(schools.adminId, s.adminId)));
  const added = await t.call('POST', '/api/schoolBilling/addSchoolPlan', { token: superToken, body: plan });
  const planId = added.body.data._id as string;
  const res = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId, paymentMethod: 'card', ...CARD } });
  expect(res.status, res.body.message).toBe(200);
  return { s, planId };
}

const bookingOf = async (adminId: string) => (await all<(typeof schoolPlanBookings.$inferSelect)[]>((tx) => tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, adminId))))[0]!;
const setBooking = (adminId: string, values: Partial<typeof schoolPlanBookings.$inferInsert>) =>
  all((tx) => tx.update(schoolPlanBookings).set(values).where(eq(schoolPlanBookings.adminId, adminId)));
const emailsOf = (adminId: string, kind: string) => all<unknown[]>((tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.adminId, adminId), eq(emailMessages.kind, kind))));

beforeAll(async () => {
  t = await createTestApp();
  provider = await createUser(t.db, 'superadmin', null);
  superToken = await sessionToken(t, provider.id);
});
afterAll(() => t.close());

const studio = { planName: 'Studio', price: 49, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', maxStudents: 50 };

describe('the renewal job', () => {
  it('charges a school on its renewal date once, run twice and at once, and emails the owner', async () => {
    const { s } = await bookedSchool(studio);
    // The first period (today's) was charged on booking; the next one starts tomorrow.
    const at = new Date(Date.now() + DAY);
    const today = at.toISOString().slice(0, 10);
    const booked = await bookingOf(s.adminId);
    await setBooking(s.adminId, { renewsOn: today });
    charges = 0;
    const [one, two] = await Promise.all([renewSchoolPlans(t.db, services(), at), renewSchoolPlans(t.db, services(), at)]);
    const three = await renewSchoolPlans(t.db, services(), at);
    expect(charges).toBe(1);
    expect(one.renewed + two.renewed + three.renewed).toBe(1);
    const rows = await all<{ status: string; periodStartsOn: string; amountCents: number }[]>((tx) => tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, s.adminId)));
    expect(rows.filter((r) => r.periodStartsOn === today)).toMatchObject([{ status: 'succeeded', amountCents: 4900 }]);
    const after = await bookingOf(s.adminId);
    expect(after.periodStartsOn).toBe(today);
    expect(after.renewsOn > today).toBe(true);
    expect(after.customerProfileId).toBe(booked.customerProfileId);
    expect(await emailsOf(s.adminId, 'plan_renewed')).toHaveLength(1);
  });

  it('retries a declined renewal after 1, 3 and 7 days, then the plan lapses: 402 to what its routes close (decision 071); paying lifts it', async () => {
    const { s } = await bookedSchool({ ...studio, planName: 'Studio D' });
    const declining = await sandbox.addPaymentProfile({
      customerProfileId: (await sandbox.createCustomerProfile({ merchantCustomerId: 'x', description: 'x' })).customerProfileId,
      card: { number: '4111111111111111', expMonth: 12, expYear: 2030, code: '123' },
      billTo: { firstName: 'A', lastName: 'B', address: '1', city: 'C', state: 'IL', zip: '46282', country: 'US' }, makeDefault: true,
    });
    const start = Date.now() + DAY;
    const today = new Date(start).toISOString().slice(0, 10);
    await setBooking(s.adminId, { renewsOn: today, customerPaymentProfileId: declining.customerPaymentProfileId });
    charges = 0;
    expect((await renewSchoolPlans(t.db, services(), new Date(start))).failed).toBe(1);
    // Not due again before its day.
    expect((await renewSchoolPlans(t.db, services(), new Date(start + DAY / 2))).failed).toBe(0);
    expect((await renewSchoolPlans(t.db, services(), new Date(start + 1 * DAY + 1000))).failed).toBe(1);
    expect((await renewSchoolPlans(t.db, services(), new Date(start + 4 * DAY + 2000))).failed).toBe(1);
    expect((await renewSchoolPlans(t.db, services(), new Date(start + 11 * DAY + 3000))).lapsed).toBe(1);
    expect(await renewSchoolPlans(t.db, services(), new Date(start + 20 * DAY))).toMatchObject({ failed: 0, lapsed: 0 });
    expect(charges).toBe(4);
    expect((await bookingOf(s.adminId)).status).toBe('lapsed');
    expect(await emailsOf(s.adminId, 'plan_renewal_failed')).toHaveLength(3);
    expect(await emailsOf(s.adminId, 'plan_lapsed')).toHaveLength(1);
    // The provider is told of each failed payment: the bell and an email (decision 076).
    const providerMail = await all<{ toAddress: string; subject: string; textBody: string }[]>((tx) => tx.select().from(emailMessages)
      .where(and(eq(emailMessages.kind, 'school-plan-payment-failed'), eq(emailMessages.userId, provider.id))));
    const ours = providerMail.filter((m) => m.textBody.includes('Studio D'));
    expect(ours).toHaveLength(4);
    expect(ours.every((m) => m.toAddress === provider.email && m.subject.startsWith('A plan payment failed'))).toBe(true);
    expect(ours.at(-1)!.textBody).toContain('the school\'s plan has lapsed');
    const bell = await t.call('POST', '/api/notification/getNotification', { token: superToken, body: {} });
    expect(bell.status, JSON.stringify(bell.body).slice(0, 300)).toBe(200);
    expect(JSON.stringify(bell.body.data)).toContain('A plan payment failed');

    const admin = await sessionToken(t, s.admin.id);
    const teacher = await sessionToken(t, s.teacher.id);
    // Adding is closed to a lapsed school, reading its own data open (decision 071).
    const refused = await t.call('POST', '/api/member/students/add', { token: admin, body: {} });
    expect(refused.body).toEqual({ status: 402, message: SCHOOL_PLAN_MESSAGES.lapsed, data: null });
    expect((await t.call('POST', '/api/scheduling/addLesson', { token: teacher, body: {} })).status).toBe(402);
    expect((await t.call('POST', '/api/member/students/list', { token: admin, body: {} })).status).toBe(200);
    expect((await t.call('GET', '/api/profile/getProfile', { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: teacher })).status).toBe(200);
    const asked = await t.call('POST', '/api/support/sendSupportRequest', { token: admin, body: { category: 'billing', subject: 'Our plan lapsed', message: 'How do we renew?' } });
    expect(asked.status).toBe(200);
    const plan = await t.call('GET', '/api/schoolBilling/myPlan', { token: admin });
    expect(plan.body.data.booking.status).toBe('lapsed');

    const paid = await t.call('POST', '/api/schoolBilling/payMyPlan', { token: admin, body: CARD });
    expect(paid.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.paid, data: { booking: { status: 'active' } } });
    expect((await t.call('POST', '/api/member/students/add', { token: admin, body: {} })).status).toBe(400);
    const periodRows = await all<{ status: string; attempts: number }[]>((tx) => tx.select().from(schoolPlanCharges)
      .where(and(eq(schoolPlanCharges.adminId, s.adminId), eq(schoolPlanCharges.periodStartsOn, today))));
    expect(periodRows).toMatchObject([{ status: 'succeeded', attempts: 5 }]);
  });

  it('ends a cancelled plan at its renewal date without charging', async () => {
    const { s } = await bookedSchool({ ...studio, planName: 'Studio C', storeIncluded: true });
    await t.call('POST', '/api/bookPlan/cancelBookPlanSchool', { token: superToken, body: { adminId: s.adminId } });
    await setBooking(s.adminId, { renewsOn: new Date().toISOString().slice(0, 10) });
    charges = 0;
    expect((await renewSchoolPlans(t.db, services(), new Date(Date.now() + 60_000))).ended).toBe(1);
    expect(charges).toBe(0);
    expect((await bookingOf(s.adminId)).status).toBe('cancelled');
    const [school] = await all<{ showStore: boolean }[]>((tx) => tx.select({ showStore: schools.showStore }).from(schools).where(eq(schools.adminId, s.adminId)));
    expect(school!.showStore).toBe(false);
  });
});

describe('a renewal whose answer was lost', () => {
  it('stays pending (no second charge), then is settled from what the gateway knows', async () => {
    const { s } = await bookedSchool({ ...studio, planName: 'Studio L' });
    const at = new Date(Date.now() + DAY);
    const renewsOn = at.toISOString().slice(0, 10);
    await setBooking(s.adminId, { renewsOn });
    let asked = 0;
    let known: GatewayResult | null = null;
    const lost: PaymentGateway = {
      ...sandbox,
      chargeProfile: async () => { asked += 1; throw new GatewayUnavailableError(); },
      findCharge: async () => known,
    };
    const lostServices = { config: t.services.config, gatewayFor: async () => lost };
    expect((await renewSchoolPlans(t.db, lostServices, at)).waiting).toBe(1);
    await renewSchoolPlans(t.db, lostServices, new Date(at.getTime() + 11 * 60_000));
    expect(asked).toBe(1);
    // Too fresh to reconcile; then the gateway says it went through.
    expect(await reconcilePlanCharges(t.db, lostServices, new Date())).toMatchObject({ settled: 0 });
    known = { approved: true, transactionId: 't1', responseCode: '1', message: 'This transaction has been approved.' };
    expect(await reconcilePlanCharges(t.db, lostServices, new Date(Date.now() + 6 * 60_000))).toMatchObject({ settled: 1 });
    const [row] = await all<{ status: string }[]>((tx) => tx.select().from(schoolPlanCharges)
      .where(and(eq(schoolPlanCharges.adminId, s.adminId), eq(schoolPlanCharges.periodStartsOn, renewsOn))));
    expect(row!.status).toBe('succeeded');
    expect((await bookingOf(s.adminId)).periodStartsOn).toBe(renewsOn);
    expect(await reconcilePlanCharges(t.db, lostServices, new Date(Date.now() + 7 * 60_000))).toMatchObject({ settled: 0 });
  });
});

describe('plan limits', () => {
  it('refuses the student past the plan’s limit with 402, and adds nothing', async () => {
    const { s } = await bookedSchool({ ...studio, planName: 'Duo', maxStudents: 3 });
    const admin = await sessionToken(t, s.admin.id);
    const student = (n: number) => ({ first_name: 'Robin', last_name: 'Hart', username: `limit.${n}.${s.adminId.slice(0, 6)}`, email: `limit${n}.${s.adminId.slice(0, 6)}@example.test` });
    // The school has two students: a third fits, a fourth does not.
    expect((await t.call('POST', '/api/member/students/add', { token: admin, body: student(3) })).status).toBe(200);
    const refused = await t.call('POST', '/api/member/students/add', { token: admin, body: student(4) });
    expect(refused.body).toMatchObject({ status: 402, message: SCHOOL_PLAN_MESSAGES.studentLimit(3) });
    const list = await t.call('POST', '/api/member/students/list', { token: admin, body: {} });
    expect(list.body.data.totalCount).toBe(3);
  });

  it('refuses reactivating a student past the plan’s limit with the same 402, and changes nothing', async () => {
    const { s } = await bookedSchool({ ...studio, planName: 'Trio', maxStudents: 3 });
    const admin = await sessionToken(t, s.admin.id);
    const add = (n: number) => t.call('POST', '/api/member/students/add', {
      token: admin, body: { first_name: 'Robin', last_name: 'Hart', username: `back.${n}.${s.adminId.slice(0, 6)}`, email: `back${n}.${s.adminId.slice(0, 6)}@example.test` },
    });
    const setStatus = (id: string, status: boolean) => t.call('POST', '/api/member/students/changeStatus', { token: admin, body: { id, status } });
    // Two students come with the school; a third fills the plan. One leaves, a fourth takes the place.
    const third = (await add(3)).body.data._id as string;
    expect((await setStatus(third, false)).status).toBe(200);
    expect((await add(4)).status).toBe(200);
    const refused = await setStatus(third, true);
    expect(refused.body).toMatchObject({ status: 402, message: SCHOOL_PLAN_MESSAGES.studentLimit(3) });
    const list = await t.call('POST', '/api/member/students/list', { token: admin, body: {} });
    expect(list.body.data).toMatchObject({ activeCount: 3, inactiveCount: 1 });
    // An active student switched on again takes no second place; with a place free, the switch works.
    expect((await setStatus(s.student.id, true)).status).toBe(200);
    expect((await setStatus(s.student.id, false)).status).toBe(200);
    expect((await setStatus(third, true)).body).toMatchObject({ status: 200, data: { _id: third, status: true } });
  });
});
