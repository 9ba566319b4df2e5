import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { emailMessages, schoolPlanBookings, schoolPlanCharges, schools } from '../../db/schema/index.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../shared/contracts/school-plans.js';

let t: TestApp;
let superToken: string;
let a: TestSchool;
let tokens: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent', string>;

const CARD = { cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' };
const studio = { planName: 'Studio', price: 49, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', maxStudents: 50, maxTeachers: '', storeIncluded: false };
const academy = { planName: 'Academy', price: '99', schoolPrivateTeacher: 'school', billingPeriod: 'monthly', storeIncluded: true };

async function addPlan(body: object) {
  const res = await t.call('POST', '/api/schoolBilling/addSchoolPlan', { token: superToken, body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data._id as string;
}

async function schoolWith(postalCode: string) {
  const s = await createSchool(t.db);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ postalCode, address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'US' }).where(eq(schools.adminId, s.adminId)));
  return s;
}

const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;

beforeAll(async () => {
  t = await createTestApp();
  const superadmin = await createUser(t.db, 'superadmin', null);
  superToken = await sessionToken(t, superadmin.id);
  a = await schoolWith('62701');
  tokens = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id),
  };
});
afterAll(() => t.close());

describe('the plan builder', () => {
  it('adds a plan in cents and lists it', async () => {
    const id = await addPlan(studio);
    const res = await t.call('POST', '/api/schoolBilling/getSchoolPlanList', { token: superToken, body: {} });
    expect(res.status).toBe(200);
    const plan = res.body.data.results.find((p: { _id: string }) => p._id === id);
    expect(plan).toMatchObject({ planName: 'Studio', price: 49, isFree: false, maxStudents: 50, maxTeachers: null, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' });
    expect(res.body.data.limit).toBe(6);
    // One plan by its id, for the provider's /plan-registration/{id} (decision 090).
    const one = await t.call('POST', '/api/schoolBilling/getSchoolPlanById', { token: superToken, body: { planId: id } });
    expect(one.body).toMatchObject({ status: 200, data: { _id: id, planName: 'Studio', price: 49, schoolCount: 0 } });
    const missing = await t.call('POST', '/api/schoolBilling/getSchoolPlanById', { token: superToken, body: { planId: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.body).toMatchObject({ status: 404, message: SCHOOL_PLAN_MESSAGES.notFound });
    expect((await t.call('POST', '/api/schoolBilling/getSchoolPlanById', { token: superToken, body: { planId: 'not-an-id' } })).status).toBe(400);
    for (const token of Object.values(tokens)) {
      expect((await t.call('POST', '/api/schoolBilling/getSchoolPlanById', { token, body: { planId: id } })).status).toBe(403);
    }
  });

  it('answers the messages of a bad form, and adds nothing', async () => {
    const res = await t.call('POST', '/api/schoolBilling/addSchoolPlan', { token: superToken, body: { planName: ' ', price: -1, maxStudents: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      planName: SCHOOL_PLAN_MESSAGES.nameRequired, schoolPrivateTeacher: SCHOOL_PLAN_MESSAGES.typeRequired,
      billingPeriod: SCHOOL_PLAN_MESSAGES.periodRequired, maxStudents: SCHOOL_PLAN_MESSAGES.limit, price: 'Please enter an amount between 0 and 100000',
    });
  });

  it('updates a plan, and deletes an unused one', async () => {
    const id = await addPlan({ ...studio, planName: 'Trial' });
    const up = await t.call('POST', '/api/schoolBilling/updateSchoolPlan', { token: superToken, body: { ...studio, planId: id, planName: 'Trial 2', price: 0 } });
    expect(up.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.updated, data: { planName: 'Trial 2', isFree: true } });
    const del = await t.call('DELETE', '/api/schoolBilling/deleteSchoolPlan', { token: superToken, body: { planId: id } });
    expect(del.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.deleted });
    const again = await t.call('DELETE', '/api/schoolBilling/deleteSchoolPlan', { token: superToken, body: { planId: id } });
    expect(again.status).toBe(404);
  });

  it('is the superadmin’s alone: 401 without a session, 403 for every school role', async () => {
    expect((await t.call('POST', '/api/schoolBilling/getSchoolPlanList', { body: {} })).status).toBe(401);
    for (const token of Object.values(tokens)) {
      expect((await t.call('POST', '/api/schoolBilling/addSchoolPlan', { token, body: studio })).status).toBe(403);
      expect((await t.call('POST', '/api/bookPlan/bookplanschool', { token, body: {} })).status).toBe(403);
    }
  });
});

describe('booking a plan for a school', () => {
  let studioId: string;
  let academyId: string;
  beforeAll(async () => {
    studioId = await addPlan({ ...studio, planName: 'Studio B' });
    academyId = await addPlan(academy);
  });

  it('charges the card once through the provider, keeps a profile, and the admin sees it', async () => {
    const s = await schoolWith('62701');
    const res = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId: academyId, paymentMethod: 'card', ...CARD } });
    expect(res.body.message).toBe(SCHOOL_PLAN_MESSAGES.booked);
    expect(res.status).toBe(200);
    expect(res.body.data.booking).toMatchObject({ status: 'active', paymentMethod: 'card', card: { brand: 'Visa', last4: '1111' }, plan: { planName: 'Academy' } });
    expect(res.body.data.charges).toHaveLength(1);
    expect(res.body.data.charges[0]).toMatchObject({ amount: 99, status: 'succeeded', method: 'card' });
    const [school] = await all<{ showStore: boolean }[]>((tx) => tx.select({ showStore: schools.showStore }).from(schools).where(eq(schools.adminId, s.adminId)));
    expect(school!.showStore).toBe(true);
    const mine = await t.call('GET', '/api/schoolBilling/myPlan', { token: await sessionToken(t, s.admin.id) });
    expect(mine.body.data.booking.plan.planName).toBe('Academy');
    expect(mine.body.data.booking.renewsOn > mine.body.data.booking.periodStartsOn).toBe(true);
    const again = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId: studioId, paymentMethod: 'invoice' } });
    expect(again.body).toMatchObject({ status: 409, message: SCHOOL_PLAN_MESSAGES.alreadyBooked });
  });

  it('a declined card books nothing and answers the gateway’s words', async () => {
    const s = await schoolWith('46282');
    const res = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId: studioId, paymentMethod: 'card', ...CARD } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This transaction has been declined.');
    expect(await all((tx) => tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, s.adminId)))).toEqual([]);
    expect(await all((tx) => tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, s.adminId)))).toEqual([]);
  });

  it('asks for the card when paying by card, and refuses a missing school', async () => {
    const res = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: a.adminId, planId: studioId, paymentMethod: 'card' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ cardNo: 'Card number is required', expDate: 'Expiry month is required', cardCode: 'Card code (CVV) is required' });
    const none = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: a.student.id, planId: studioId, paymentMethod: 'invoice' } });
    expect(none.body).toMatchObject({ status: 404, message: SCHOOL_PLAN_MESSAGES.schoolNotFound });
    const required = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: {} });
    expect(required.body.errors).toMatchObject({ adminId: SCHOOL_PLAN_MESSAGES.schoolRequired, planId: SCHOOL_PLAN_MESSAGES.planRequired, paymentMethod: SCHOOL_PLAN_MESSAGES.methodRequired });
  });

  it('books by invoice, changes plan, emails an offer, cancels at the period’s end', async () => {
    const s = await schoolWith('62701');
    const booked = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId: studioId, paymentMethod: 'invoice' } });
    expect(booked.status).toBe(200);
    expect(booked.body.data.charges[0]).toMatchObject({ status: 'invoiced', amount: 49 });
    const list = await t.call('POST', '/api/bookPlan/getbookplanschool', { token: superToken, body: {} });
    expect(list.body.data.results.some((b: { adminId: string }) => b.adminId === s.adminId)).toBe(true);

    const same = await t.call('POST', '/api/bookPlan/updatebookplanschool', { token: superToken, body: { adminId: s.adminId, planId: studioId } });
    expect(same.body).toMatchObject({ status: 400, message: SCHOOL_PLAN_MESSAGES.samePlan });
    const up = await t.call('POST', '/api/bookPlan/updatebookplanschool', { token: superToken, body: { adminId: s.adminId, planId: academyId } });
    expect(up.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.changed, data: { booking: { plan: { planName: 'Academy' } } } });

    const mail = await t.call('POST', '/api/bookPlan/planUpgradeEmail', { token: superToken, body: { adminId: s.adminId, planId: studioId } });
    expect(mail.body).toMatchObject({ status: 200, message: 'Mail Sent successfully' });
    const [queued] = await all<{ subject: string; textBody: string }[]>((tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'plan_upgrade_offer')));
    expect(queued!.subject).toContain('Studio B');
    expect(queued!.textBody).toContain('http://cadenza.test/paymentBilling');

    const cancel = await t.call('POST', '/api/bookPlan/cancelBookPlanSchool', { token: superToken, body: { adminId: s.adminId } });
    expect(cancel.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.cancelled, data: { booking: { cancelAtPeriodEnd: true } } });
    const twice = await t.call('POST', '/api/bookPlan/cancelBookPlanSchool', { token: superToken, body: { adminId: s.adminId } });
    expect(twice.status).toBe(409);
  });

  it('will not move a school down to a plan it has outgrown', async () => {
    const tiny = await addPlan({ ...studio, planName: 'Tiny', maxStudents: 1 });
    const s = await schoolWith('62701');
    await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId: academyId, paymentMethod: 'invoice' } });
    const res = await t.call('POST', '/api/bookPlan/updatebookplanschool', { token: superToken, body: { adminId: s.adminId, planId: tiny } });
    expect(res.body).toMatchObject({ status: 400, message: SCHOOL_PLAN_MESSAGES.overLimit });
  });

  it('retires a plan schools are on instead of deleting it', async () => {
    const del = await t.call('DELETE', '/api/schoolBilling/deleteSchoolPlan', { token: superToken, body: { planId: academyId } });
    expect(del.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.retired });
  });
});

describe("the provider's merchant account", () => {
  it('is the superadmin’s own merchant information; schools’ plans go through it, the sandbox when there is none', async () => {
    const { providerGateway } = await import('./provider-gateway.js');
    expect((await providerGateway(t.db, { config: t.services.config })).name).toBe('sandbox');
    const me = (await t.call('GET', '/api/auth/me', { token: superToken })).body.data;
    const saved = await t.call('POST', '/api/merchant/save', {
      token: superToken, body: { adminId: me.user._id, gateway: 'authorizenet', environment: 'sandbox', apiLoginId: 'Provider123', transactionKey: 'Provider12345678' },
    });
    expect(saved.status, saved.body.message).toBe(200);
    const gateway = await providerGateway(t.db, { config: t.services.config });
    expect(gateway).toMatchObject({ name: 'authorizenet', testMode: true });
  });
});
