import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { classGroupStudents, emailMessages, genres, payments, planSubscriptions, recurringInvoices, studentPlans, teacherGenres, users } from '../../../db/schema/index.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { createSettableClock } from '../../../test/settable-clock.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { PLAN_MESSAGES as M } from '../../../../shared/contracts/student-plans.js';
import { chargeAutopayInvoices } from '../family/autopay-job.js';
import { expectCall, goodCard } from '../family/test-kit.js';
import { issueRecurringInvoices } from '../recurring/issue-recurring-invoices.js';

/**
 * A school's plans for its students (issue 12): Plan Builder and Group Plans, asking, approving
 * (once, however often or concurrently it is clicked), the subscription billed by the recurring
 * invoices and charged by autopay, and cancelling at the end of the paid period.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'other' | 'parent' | 'adminB' | 'parentB', string>;
let piano: string;

const plan = (over: Record<string, unknown> = {}) => ({
  planName: 'Piano 30 min weekly', price: '120', billingPeriod: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30, lessonType: 'private',
  instrumentId: piano, teacherIds: [a.teacher.id], ...over,
});
const add = async (over: Record<string, unknown> = {}, token = tok.admin) =>
  (await expectCall(t, 'POST', '/api/studentBilling/addPlanBuilder', 200, { token, body: plan(over) })).data as { _id: string };
const addCard = async (token: string) => (await expectCall(t, 'POST', '/api/studentBilling/addToCard', 200, { token, body: goodCard })).data as { cardId: string };
const db = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), other: await sessionToken(t, a.otherStudent.id), parent: await sessionToken(t, a.parent.id),
    adminB: await sessionToken(t, b.admin.id), parentB: await sessionToken(t, b.parent.id),
  };
  piano = await db<string>(async (tx) => {
    const [g] = await tx.select().from(genres).limit(1);
    await tx.insert(teacherGenres).values({ adminId: a.adminId, teacherId: a.teacher.id, genreId: g!.id });
    return g!.id;
  });
});
afterAll(() => t.close());

describe('Plan Builder', () => {
  it('adds, lists six a page, changes and deletes a plan, with the documented messages', async () => {
    const res = await t.call('POST', '/api/studentBilling/addPlanBuilder', { token: tok.admin, body: plan() });
    expect(res.body).toMatchObject({ status: 200, message: M.added });
    expect(res.body.data).toMatchObject({
      planName: 'Piano 30 min weekly', price: 120, isFree: false, billingPeriod: 'monthly', summary: '4 × 30 min lessons, Monthly',
      teachers: [{ _id: a.teacher.id }], instrument: { _id: piano }, classGroup: null,
    });
    const id = res.body.data._id as string;
    for (let i = 0; i < 6; i++) await add({ planName: `Extra ${i}`, price: 0 }, tok.subadmin);
    const page1 = (await expectCall(t, 'POST', '/api/studentBilling/getListPlanBuilder', 200, { token: tok.admin, body: {} })).data;
    expect(page1.results).toHaveLength(6);
    expect(page1.totalCount).toBe(7);
    expect(page1.results[0].planName).toBe('Extra 5');
    const page2 = (await expectCall(t, 'POST', '/api/studentBilling/getListPlanBuilder', 200, { token: tok.admin, body: { page: 2 } })).data;
    expect(page2.results.map((p: { _id: string }) => p._id)).toEqual([id]);

    const upd = await t.call('POST', '/api/studentBilling/updatePlanBuilder', { token: tok.subadmin, body: { ...plan({ price: 110.5 }), planId: id } });
    expect(upd.body).toMatchObject({ status: 200, message: M.updated, data: { price: 110.5 } });
    const del = await t.call('DELETE', '/api/studentBilling/deletePlanBuilder', { token: tok.admin, body: { planId: page1.results[0]._id } });
    expect(del.body).toMatchObject({ status: 200, message: M.deleted, data: { retired: false } });
  });

  it('refuses bad input with the form’s messages and changes nothing', async () => {
    const before = await db<number>(async (tx) => (await tx.select().from(studentPlans)).length);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ planName: '' }, 'planName', M.nameRequired],
      [{ planName: 'x'.repeat(101) }, 'planName', M.nameMax],
      [{ price: '' }, 'price', M.priceRequired],
      [{ price: '-5' }, 'price', 'Please enter an amount between 0 and 100000'],
      [{ billingPeriod: 'yearly' }, 'billingPeriod', M.periodRequired],
      [{ lessonsPerPeriod: 0 }, 'lessonsPerPeriod', M.lessons],
      [{ lessonMinutes: 1 }, 'lessonMinutes', M.minutes],
      [{ lessonType: '' }, 'lessonType', M.kindRequired],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.call('POST', '/api/studentBilling/addPlanBuilder', { token: tok.admin, body: plan(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body.errors)).toBe(message);
    }
    const other = await t.call('POST', '/api/studentBilling/addPlanBuilder', { token: tok.admin, body: plan({ teacherIds: [b.teacher.id] }) });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ teacherIds: M.teacherOfSchool });
    expect(await db<number>(async (tx) => (await tx.select().from(studentPlans)).length)).toBe(before);
  });

  it('answers 403 to teachers and families, and group plans to the sub-admin', async () => {
    for (const token of [tok.teacher, tok.student, tok.parent]) {
      expect((await t.call('POST', '/api/studentBilling/addPlanBuilder', { token, body: plan() })).status).toBe(403);
      expect((await t.call('POST', '/api/studentBilling/getListPlanBuilder', { token, body: {} })).status).toBe(403);
    }
    expect((await t.call('POST', '/api/studentBilling/addPlanBuilder', { token: tok.subadmin, body: plan({ classGroupId: a.classGroupId }) })).status).toBe(403);
    expect((await t.call('POST', '/api/studentBilling/getListPlanBuilder', { token: tok.subadmin, body: { kind: 'group' } })).status).toBe(403);
    expect((await t.call('POST', '/api/studentBilling/getListPlanBuilder', { token: tok.subadmin, body: { isPlanApproveList: true } })).status).toBe(403);
  });

  it('answers 404 for another school’s plan', async () => {
    const mine = await add({ planName: 'Mine' });
    for (const [method, url, body] of [
      ['POST', '/api/studentBilling/updatePlanBuilder', { ...plan({ teacherIds: [] }), planId: mine._id }],
      ['DELETE', '/api/studentBilling/deletePlanBuilder', { planId: mine._id }],
      ['POST', '/api/studentBilling/getPlanById', { planId: mine._id }],
      ['POST', '/api/studentBilling/payments', { planId: mine._id, studentId: b.student.id }],
    ] as const) {
      const res = await t.call(method, url, { token: method === 'POST' && url.endsWith('payments') ? tok.parentB : tok.adminB, body });
      expect(res.status, url).toBe(404);
    }
  });

  it('keeps group plans apart: the admin’s, tied to a class/group', async () => {
    const group = await add({ planName: 'Group Theory', price: 60, lessonType: 'class_group', classGroupId: a.classGroupId, teacherIds: [] });
    const groups = (await expectCall(t, 'POST', '/api/studentBilling/getListPlanBuilder', 200, { token: tok.admin, body: { kind: 'group' } })).data;
    expect(groups.results.map((p: { _id: string; classGroup: unknown }) => [p._id, p.classGroup])).toEqual([[group._id, { _id: a.classGroupId, name: expect.any(String) }]]);
    const individual = (await expectCall(t, 'POST', '/api/studentBilling/getListPlanBuilder', 200, { token: tok.admin, body: { limit: 100 } })).data;
    expect(individual.results.some((p: { _id: string }) => p._id === group._id)).toBe(false);
    expect((await t.call('DELETE', '/api/studentBilling/deletePlanBuilder', { token: tok.subadmin, body: { planId: group._id } })).status).toBe(403);
  });

  it('lists the teachers of an instrument', async () => {
    const res = await expectCall(t, 'POST', '/api/paymentbilling/instrumentTeacher', 200, { token: tok.admin, body: { instrumentId: piano } });
    expect(res.data).toEqual([{ _id: a.teacher.id, first_name: expect.any(String), last_name: expect.any(String) }]);
    const none = await expectCall(t, 'POST', '/api/paymentbilling/instrumentTeacher', 200, { token: tok.adminB, body: { instrumentId: piano } });
    expect(none.data).toEqual([]);
  });
});

describe('asking, approving and the subscription', () => {
  it('a parent asks with a card; approving twice and at once starts one subscription, billed and charged once a period', async () => {
    const p = await add({ planName: 'Approve me', price: 80 });
    const noCard = await t.call('POST', '/api/studentBilling/payments', { token: tok.parent, body: { planId: p._id, studentId: a.student.id } });
    expect(noCard.status).toBe(400);
    expect(noCard.body.errors).toEqual({ cardId: M.cardRequired });
    const card = await addCard(tok.parent);
    const asked = await t.call('POST', '/api/studentBilling/payments', { token: tok.parent, body: { planId: p._id, studentId: a.student.id, cardId: card.cardId } });
    expect(asked.body).toMatchObject({ status: 200, message: M.requested, data: { status: 'waiting', plan: { planName: 'Approve me', price: 80 } } });
    const again = await t.call('POST', '/api/studentBilling/payments', { token: tok.parent, body: { planId: p._id, studentId: a.student.id, cardId: card.cardId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyAsked);
    const id = asked.body.data._id as string;

    const waiting = (await expectCall(t, 'POST', '/api/studentBilling/getListPlanBuilder', 200, { token: tok.admin, body: { isPlanApproveList: true, list: 'waiting' } })).data;
    expect(waiting.results.map((s: { _id: string }) => s._id)).toContain(id);
    expect((await t.call('POST', '/api/studentBilling/approvePlanByAdmin', { token: tok.subadmin, body: { subscriptionId: id } })).status).toBe(403);
    expect((await t.call('POST', '/api/studentBilling/approvePlanByAdmin', { token: tok.adminB, body: { subscriptionId: id } })).status).toBe(404);

    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/studentBilling/approvePlanByAdmin', { token: tok.admin, body: { subscriptionId: id } })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.body).toMatchObject({ message: M.approved, data: { status: 'active' } });
    await expectCall(t, 'POST', '/api/studentBilling/approvePlanByAdmin', 200, { token: tok.admin, body: { subscriptionId: id } });
    const templates = await db<{ id: string }[]>((tx) => tx.select().from(recurringInvoices).where(eq(recurringInvoices.studentId, a.student.id)));
    expect(templates).toHaveLength(1);

    // Approval set the jobs going: the first period is billed and charged at once, and only once
    // however often the jobs run again.
    await t.services.jobs.idle();
    const chargesOf = async () => (await db<{ amountCents: number; status: string }[]>((tx) => tx.select().from(payments).where(eq(payments.studentId, a.student.id))))
      .map((c) => [c.amountCents, c.status]);
    expect(await chargesOf()).toEqual([[8_000, 'succeeded']]);
    const box = secretBoxOf(t.services.config);
    const now = new Date();
    await Promise.all([issueRecurringInvoices(t.db, box, 'http://cadenza.test', { now }), issueRecurringInvoices(t.db, box, 'http://cadenza.test', { now })]);
    await Promise.all([chargeAutopayInvoices(t.db, { config: t.services.config }, now), chargeAutopayInvoices(t.db, { config: t.services.config }, now)]);
    await chargeAutopayInvoices(t.db, { config: t.services.config }, now);
    await t.services.jobs.idle();
    expect(await chargesOf()).toEqual([[8_000, 'succeeded']]);

    const mine = (await expectCall(t, 'GET', '/api/studentBilling/mySubscription', 200, { token: tok.student })).data;
    const sub = mine.find((s: { _id: string }) => s._id === id);
    expect(sub).toMatchObject({ status: 'active', card: expect.stringMatching(/ending in 1111$/), nextChargeOn: expect.any(String) });
    expect(sub.nextChargeOn > sub.startsOn).toBe(true);

    // A plan in use is retired, not deleted: the subscription runs on.
    const del = await t.call('DELETE', '/api/studentBilling/deletePlanBuilder', { token: tok.admin, body: { planId: p._id } });
    expect(del.body).toMatchObject({ message: M.retired, data: { retired: true } });
    expect((await t.call('POST', '/api/studentBilling/getPlanById', { token: tok.parent, body: { planId: p._id } })).status).toBe(404);

    // Cancelled: ends the day before the next period, which is never billed.
    expect((await t.call('POST', '/api/studentBilling/cancelBookPlan', { token: tok.other, body: { subscriptionId: id } })).status).toBe(404);
    const cancelled = await t.call('POST', '/api/studentBilling/cancelBookPlan', { token: tok.parent, body: { subscriptionId: id } });
    expect(cancelled.body).toMatchObject({ status: 200, message: M.cancelled, data: { status: 'cancelled', nextChargeOn: null } });
    expect(cancelled.body.data.endsOn < sub.nextChargeOn).toBe(true);
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await issueRecurringInvoices(t.db, box, 'http://cadenza.test', { now: later })).toBe(0);
  });

  it('a monthly plan approved on the 31st is billed that day, and on the 28th of the months after', async () => {
    // The other school, on a day of its own: a 31st well ahead of the wall, so the jobs the
    // approval sets going (on the wall's today) leave it alone until this test runs them then.
    const clock = createSettableClock();
    t.services.clock = clock;
    const approvedAt = new Date(`${new Date().getUTCFullYear() + 1}-01-31T12:00:00Z`);
    clock.set(b.adminId, approvedAt);
    try {
      const p = await add({ planName: 'Thirty-first', price: 30, teacherIds: [b.teacher.id] }, tok.adminB);
      const card = await addCard(tok.parentB);
      const asked = await expectCall(t, 'POST', '/api/studentBilling/payments', 200, { token: tok.parentB, body: { planId: p._id, studentId: b.student.id, cardId: card.cardId } });
      await expectCall(t, 'POST', '/api/studentBilling/approvePlanByAdmin', 200, { token: tok.adminB, body: { subscriptionId: asked.data._id } });
      await t.services.jobs.idle();
      const day = approvedAt.toISOString().slice(0, 10);
      const template = async () => (await db<{ startsOn: string; nextIssueOn: string; dayOfMonth: number }[]>((tx) => tx.select().from(recurringInvoices)
        .where(eq(recurringInvoices.studentId, b.student.id))))[0]!;
      expect(await template()).toMatchObject({ startsOn: day, nextIssueOn: day, dayOfMonth: 28 });

      expect(await issueRecurringInvoices(t.db, secretBoxOf(t.services.config), 'http://cadenza.test', { now: approvedAt })).toBe(1);
      expect((await template()).nextIssueOn).toBe(`${day.slice(0, 4)}-02-28`);
      await chargeAutopayInvoices(t.db, { config: t.services.config }, approvedAt);
      const charged = await db<{ amountCents: number; status: string }[]>((tx) => tx.select().from(payments).where(eq(payments.studentId, b.student.id)));
      expect(charged.map((c) => [c.amountCents, c.status])).toEqual([[3_000, 'succeeded']]);
    } finally {
      clock.clear(b.adminId);
    }
  });

  it('a student whose parent pays asks without a card; a self-paying student needs one; staff cannot ask', async () => {
    const p = await add({ planName: 'Student asks', price: 40 });
    const asked = await t.call('POST', '/api/studentBilling/payments', { token: tok.student, body: { planId: p._id } });
    expect(asked.status).toBe(200);
    const self = await t.call('POST', '/api/studentBilling/payments', { token: tok.other, body: { planId: p._id } });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ cardId: M.cardRequired });
    const parentsCard = (await expectCall(t, 'POST', '/api/studentBilling/cardList', 200, { token: tok.parent, body: {} })).data.results?.[0]?.cardId
      ?? (await addCard(tok.parent)).cardId;
    const notHers = await t.call('POST', '/api/studentBilling/payments', { token: tok.other, body: { planId: p._id, cardId: parentsCard } });
    expect(notHers.body.errors).toEqual({ cardId: M.cardNotYours });
    expect((await t.call('POST', '/api/studentBilling/payments', { token: tok.parent, body: { planId: p._id, studentId: a.otherStudent.id } })).status).toBe(404);
    for (const token of [tok.admin, tok.teacher]) {
      expect((await t.call('POST', '/api/studentBilling/payments', { token, body: { planId: p._id, studentId: a.student.id } })).status).toBe(403);
    }
    const declined = await t.call('POST', '/api/studentBilling/approvePlanByAdmin', { token: tok.admin, body: { subscriptionId: asked.body.data._id, approve: false } });
    expect(declined.body).toMatchObject({ message: M.declined, data: { status: 'declined' } });
    const late = await t.call('POST', '/api/studentBilling/approvePlanByAdmin', { token: tok.admin, body: { subscriptionId: asked.body.data._id } });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(M.notWaiting);
  });

  it('a free group plan bills nothing and puts the student in its class/group', async () => {
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`insert into class_groups (admin_id, name) values (${a.adminId}, 'Theory club') returning id`));
    const groupId = String(rows[0]!.id);
    const p = await add({ planName: 'Free theory', price: 0, lessonType: 'class_group', classGroupId: groupId, teacherIds: [] });
    const asked = await expectCall(t, 'POST', '/api/studentBilling/payments', 200, { token: tok.other, body: { planId: p._id } });
    const approved = await expectCall(t, 'POST', '/api/studentBilling/approvePlanByAdmin', 200, { token: tok.admin, body: { subscriptionId: asked.data._id } });
    expect(approved.data).toMatchObject({ status: 'active', nextChargeOn: null });
    const sub = await db<{ recurringInvoiceId: string | null }[]>((tx) => tx.select().from(planSubscriptions).where(eq(planSubscriptions.id, asked.data._id)));
    expect(sub[0]!.recurringInvoiceId).toBeNull();
    const members = await db<unknown[]>((tx) => tx.select().from(classGroupStudents).where(eq(classGroupStudents.classGroupId, groupId)));
    expect(members).toHaveLength(1);
    const list = (await expectCall(t, 'POST', '/api/paymentbilling/planList', 200, { token: tok.other, body: {} })).data;
    expect(list.results.some((x: { _id: string }) => x._id === p._id)).toBe(true);
  });

  it('tells the school of a request and a cancel, and the student and whoever asked of every answer', async () => {
    const mails = async (subject: string) => (await db<{ toAddress: string; subject: string; textBody: string }[]>((tx) => tx.select().from(emailMessages)
      .where(and(eq(emailMessages.kind, 'plan'), eq(emailMessages.subject, subject))))).map((m) => m.toAddress).sort();
    const family = [a.student.email, a.parent.email].sort();
    const cards = (await expectCall(t, 'POST', '/api/studentBilling/cardList', 200, { token: tok.parent, body: {} })).data.results as { cardId: string }[];
    const cardId = cards[0]?.cardId ?? (await addCard(tok.parent)).cardId;

    const p = await add({ planName: 'Cello told', price: 55 });
    const asked = await expectCall(t, 'POST', '/api/studentBilling/payments', 200, { token: tok.parent, body: { planId: p._id, studentId: a.student.id, cardId } });
    // The request goes to the office through notifyPeople, as each chose (decision 083): one email
    // a burst, so after this file's earlier requests it may be the grouped one ("3 plan requests are waiting").
    const asks = await db<{ toAddress: string }[]>((tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'plan-request')));
    expect(asks.map((m) => m.toAddress)).toContain(a.admin.email);
    await expectCall(t, 'POST', '/api/studentBilling/approvePlanByAdmin', 200, { token: tok.admin, body: { subscriptionId: asked.data._id } });
    expect(await mails('Cello told is approved')).toEqual(family);
    // A second click answers as it is, and tells nobody again.
    await expectCall(t, 'POST', '/api/studentBilling/approvePlanByAdmin', 200, { token: tok.admin, body: { subscriptionId: asked.data._id } });
    expect(await mails('Cello told is approved')).toEqual(family);
    await expectCall(t, 'POST', '/api/studentBilling/cancelBookPlan', 200, { token: tok.parent, body: { subscriptionId: asked.data._id } });
    expect(await mails('Cello told is cancelled')).toEqual(family);
    const [student] = await db<{ firstName: string; lastName: string }[]>((tx) => tx.select().from(users).where(eq(users.id, a.student.id)));
    expect(await mails(`Cello told cancelled for ${student!.firstName} ${student!.lastName}`)).toEqual([a.admin.email]);

    const q = await add({ planName: 'Oboe declined', price: 35 });
    const second = await expectCall(t, 'POST', '/api/studentBilling/payments', 200, { token: tok.parent, body: { planId: q._id, studentId: a.student.id, cardId } });
    await expectCall(t, 'POST', '/api/studentBilling/approvePlanByAdmin', 200, { token: tok.admin, body: { subscriptionId: second.data._id, approve: false } });
    expect(await mails('Your request for Oboe declined was declined')).toEqual(family);
    const [text] = await db<{ textBody: string }[]>((tx) => tx.select().from(emailMessages).where(eq(emailMessages.subject, 'Your request for Oboe declined was declined')));
    expect(text!.textBody).toContain('declined the request for Oboe declined ($35.00, monthly)');
  });

  it('answers 401 without a session', async () => {
    expect((await t.call('GET', '/api/studentBilling/mySubscription')).status).toBe(401);
    expect((await t.call('POST', '/api/paymentbilling/planList', { body: {} })).status).toBe(401);
  });
});

describe('widgets', () => {
  it('answers which widgets are on; the office switches one; the public page follows', async () => {
    const all = { planwidget: true, loginwidget: true, studentWidget: true, registerwidget: true };
    expect((await expectCall(t, 'POST', '/api/widget/getActiveWidget', 200, { token: tok.student, body: {} })).data).toEqual(all);
    const page = await expectCall(t, 'POST', '/api/widget/public/school', 200, { body: { adminId: a.adminId, widget: 'planwidget' } });
    expect(page.data).toMatchObject({ adminId: a.adminId, widget: 'planwidget', school_name: expect.any(String) });
    expect(page.data.plans.length).toBeGreaterThan(0);
    expect(page.data.plans.every((p: { subscriberCount: number }) => p.subscriberCount === 0)).toBe(true);

    expect((await t.call('POST', '/api/widget/setActiveWidget', { token: tok.teacher, body: { widget: 'planwidget', active: false } })).status).toBe(403);
    const off = await t.call('POST', '/api/widget/setActiveWidget', { token: tok.subadmin, body: { widget: 'planwidget', active: false } });
    expect(off.body).toMatchObject({ status: 200, message: 'Widget is off', data: { ...all, planwidget: false } });
    const closed = await t.call('POST', '/api/widget/public/school', { body: { adminId: a.adminId, widget: 'planwidget' } });
    expect(closed.status).toBe(404);
    expect(closed.body.message).toBe('This widget is not available');
    // Another school's switches are its own.
    expect((await expectCall(t, 'POST', '/api/widget/getActiveWidget', 200, { token: tok.adminB, body: {} })).data).toEqual(all);
    await expectCall(t, 'POST', '/api/widget/setActiveWidget', 200, { token: tok.admin, body: { widget: 'planwidget', active: true } });

    const login = await expectCall(t, 'POST', '/api/widget/public/school', 200, { body: { adminId: a.adminId, widget: 'loginwidget' } });
    expect(login.data.plans).toEqual([]);
    expect((await t.call('POST', '/api/widget/public/school', { body: { adminId: a.student.id, widget: 'loginwidget' } })).status).toBe(404);
    expect((await t.call('POST', '/api/widget/public/school', { body: { adminId: a.adminId, widget: 'nope' } })).status).toBe(400);
  });

  it('lets any site frame the widget pages, and no other page', async () => {
    for (const kind of ['plans', 'login', 'student-login', 'register']) {
      const page = await t.app.inject({ method: 'GET', url: `/widget/${kind}/${a.adminId}` });
      expect(page.headers['x-frame-options'], kind).toBeUndefined();
      expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors *');
    }
    const builder = await t.app.inject({ method: 'GET', url: '/studentbilling/planwidget' });
    expect(String(builder.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});
