import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { auditEvents, emailMessages, notifications, schoolPlanBookings, schools } from '../../db/schema/index.js';
import { planEndAction, planEndBody, SCHOOL_PLAN_MESSAGES } from '../../../shared/contracts/school-plans.js';

/** The provider ends or extends a school's plan by hand (decision 071). */

let t: TestApp;
let superToken: string;
let planId: string;

const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;

async function bookedSchool(): Promise<TestSchool> {
  const s = await createSchool(t.db);
  const res = await t.call('POST', '/api/bookPlan/bookplanschool', { token: superToken, body: { adminId: s.adminId, planId, paymentMethod: 'invoice' } });
  expect(res.status, res.body.message).toBe(200);
  return s;
}

/** The school as the renewal job leaves it after the last declined retry. */
async function lapse(adminId: string) {
  await all((tx) => tx.update(schoolPlanBookings).set({ status: 'lapsed', renewalFailures: 4, renewsOn: '2020-01-01' }).where(eq(schoolPlanBookings.adminId, adminId)));
  await all((tx) => tx.update(schools).set({ planLapsedAt: new Date() }).where(eq(schools.adminId, adminId)));
}

const call = (body: object, token = superToken) => t.call('POST', '/api/bookPlan/endOrExtend', { token, body });

beforeAll(async () => {
  t = await createTestApp();
  superToken = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  const plan = await t.call('POST', '/api/schoolBilling/addSchoolPlan', {
    token: superToken, body: { planName: 'Studio', price: 49, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', storeIncluded: false },
  });
  planId = plan.body.data._id;
});
afterAll(() => t.close());

describe('the provider ends or extends a school’s plan', () => {
  it('shows the plan’s state, and extending a lapsed plan lifts the wall, tells the owner and records who did it', async () => {
    const s = await bookedSchool();
    await lapse(s.adminId);
    const admin = await sessionToken(t, s.admin.id);
    expect((await t.call('POST', '/api/member/students/add', { token: admin, body: {} })).status).toBe(402);
    const before = await t.call('POST', '/api/bookPlan/schoolPlan', { token: superToken, body: { adminId: s.adminId } });
    expect(before.body.data.booking).toMatchObject({ status: 'lapsed', planState: 'lapsed' });

    const res = await call({ adminId: s.adminId, action: 'extend', days: '14' });
    expect(res.status, res.body.message).toBe(200);
    const renewsOn = res.body.data.booking.renewsOn as string;
    expect(res.body.message).toBe(SCHOOL_PLAN_MESSAGES.extended(renewsOn));
    expect(res.body.data.booking).toMatchObject({ status: 'active', planState: 'renewing' });
    // From today, since the renewal was past: 14 days ahead.
    expect(new Date(`${renewsOn}T12:00:00Z`).getTime() - Date.now()).toBeGreaterThan(12 * 86_400_000);
    expect((await t.call('POST', '/api/member/students/add', { token: admin, body: {} })).status).toBe(400);

    const mail = await all<{ subject: string }[]>((tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.adminId, s.adminId), eq(emailMessages.kind, 'plan_extended_by_provider'))));
    expect(mail.map((m) => m.subject)).toEqual([`Your Cadenza plan is extended to ${renewsOn}`]);
    const notes = await all<{ userId: string }[]>((tx) => tx.select().from(notifications).where(and(eq(notifications.adminId, s.adminId), eq(notifications.kind, 'school-plan'))));
    expect(notes.map((n) => n.userId)).toEqual([s.admin.id]);
    const lines = await all<{ action: string }[]>((tx) => tx.select().from(auditEvents).where(eq(auditEvents.adminId, s.adminId)));
    expect(lines.map((l) => l.action)).toContain('schoolPlan.extended');
  });

  it('ends a plan now: no store, no wall, the owner told', async () => {
    const s = await bookedSchool();
    const res = await call({ adminId: s.adminId, action: 'end' });
    expect(res.body).toMatchObject({ status: 200, message: SCHOOL_PLAN_MESSAGES.ended, data: { booking: { status: 'cancelled', planState: 'ended' } } });
    const mail = await all<{ subject: string }[]>((tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.adminId, s.adminId), eq(emailMessages.kind, 'plan_ended_by_provider'))));
    expect(mail).toHaveLength(1);
    const lines = await all<{ action: string }[]>((tx) => tx.select().from(auditEvents).where(eq(auditEvents.adminId, s.adminId)));
    expect(lines.map((l) => l.action)).toContain('schoolPlan.ended');
    expect((await call({ adminId: s.adminId, action: 'end' })).status).toBe(404);
  });

  it('is the superadmin’s alone: 403 for the school’s own people, and changes nothing', async () => {
    const s = await bookedSchool();
    for (const u of [s.admin, s.subadmin, s.teacher, s.student, s.parent]) {
      const res = await call({ adminId: s.adminId, action: 'end' }, await sessionToken(t, u.id));
      expect(res.status).toBe(403);
    }
    const [b] = await all<{ status: string }[]>((tx) => tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, s.adminId)));
    expect(b!.status).toBe('active');
  });

  it.each([
    ['no action', {}, { action: SCHOOL_PLAN_MESSAGES.actionRequired }],
    ['an action of another kind', { action: 'pause' }, { action: SCHOOL_PLAN_MESSAGES.actionRequired }],
    ['extend without days', { action: 'extend' }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by 0 days', { action: 'extend', days: 0 }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by 366 days', { action: 'extend', days: 366 }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by 1.5 days', { action: 'extend', days: '1.5' }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by days in words', { action: 'extend', days: 'ten' }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by no days typed', { action: 'extend', days: '' }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by null days', { action: 'extend', days: null }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['extend by a list of days', { action: 'extend', days: [14] }, { days: SCHOOL_PLAN_MESSAGES.daysRequired }],
    ['an action that is not a string', { action: 1 }, { action: SCHOOL_PLAN_MESSAGES.actionRequired }],
  ])('%s is a 400 naming the field', async (_name, body, errors) => {
    const s = await bookedSchool();
    const res = await call({ adminId: s.adminId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject(errors);
  });

  it('reads the body as end, or extend with its days as a number (the form\'s schema and the route\'s)', () => {
    const id = '3f2b8c1e-6d4a-4b7e-9c1f-2a5d8e7b4c10';
    expect(planEndBody.parse({ adminId: id, action: 'extend', days: ' 14 ' })).toEqual({ adminId: id, action: 'extend', days: 14 });
    expect(planEndBody.parse({ adminId: id, action: 'end', days: '14' })).toEqual({ adminId: id, action: 'end' });
    expect(planEndAction.parse({ action: 'extend', days: 30 })).toEqual({ action: 'extend', days: 30 });
    expect(planEndAction.safeParse({ action: 'extend' }).error?.issues).toMatchObject([{ path: ['days'], message: SCHOOL_PLAN_MESSAGES.daysRequired }]);
  });

  it('a missing school id is a 400, a school without a plan a 404', async () => {
    expect((await call({ action: 'end' })).body.errors).toMatchObject({ adminId: SCHOOL_PLAN_MESSAGES.schoolRequired });
    const s = await createSchool(t.db);
    expect((await call({ adminId: s.adminId, action: 'end' })).status).toBe(404);
  });
});

describe('the plan states of the provider’s Schools list', () => {
  it('answers each booked school’s state, leaves out a school without a plan, and follows an end', async () => {
    const [renewing, lapsed, failing, ending] = [await bookedSchool(), await bookedSchool(), await bookedSchool(), await bookedSchool()];
    const unbooked = await createSchool(t.db);
    await lapse(lapsed.adminId);
    await all((tx) => tx.update(schoolPlanBookings).set({ renewalFailures: 1 }).where(eq(schoolPlanBookings.adminId, failing.adminId)));
    await all((tx) => tx.update(schoolPlanBookings).set({ cancelAtPeriodEnd: true }).where(eq(schoolPlanBookings.adminId, ending.adminId)));
    const ids = [renewing, lapsed, failing, ending, unbooked].map((s) => s.adminId);
    const read = () => t.call('POST', '/api/bookPlan/planStates', { token: superToken, body: { adminIds: ids } });
    const res = await read();
    expect(res.status).toBe(200);
    expect(new Map((res.body.data as { adminId: string; planState: string }[]).map((s) => [s.adminId, s.planState]))).toEqual(new Map([
      [renewing.adminId, 'renewing'], [lapsed.adminId, 'lapsed'], [failing.adminId, 'failedPayment'], [ending.adminId, 'active'],
    ]));
    expect((await call({ adminId: renewing.adminId, action: 'end' })).status).toBe(200);
    expect((await read()).body.data).toContainEqual({ adminId: renewing.adminId, planState: 'ended' });
  });

  it('is the provider’s alone, and takes at most a hundred schools', async () => {
    const s = await bookedSchool();
    const admin = await sessionToken(t, s.admin.id);
    expect((await t.call('POST', '/api/bookPlan/planStates', { token: admin, body: { adminIds: [s.adminId] } })).status).toBe(403);
    const many = Array.from({ length: 101 }, () => s.adminId);
    const res = await t.call('POST', '/api/bookPlan/planStates', { token: superToken, body: { adminIds: many } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('adminIds');
    expect((await t.call('POST', '/api/bookPlan/planStates', { token: superToken, body: { adminIds: [] } })).body.data).toEqual([]);
  });
});
