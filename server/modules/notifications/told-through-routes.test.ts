import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { emailMessages, genres, notifications, payments, schools, teacherGenres } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createInvoice } from '../../test/invoice-factory.js';
import { nextIp } from '../../test/next-ip.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { schoolRegistration } from '../../test/school-registration.js';
import { patient } from '../../../tests/patience.js';

/**
 * Who is told of what (decision 083), each event driven through its own route as the real actor
 * would (docs/decisions/091-everyone-told-through-the-routes.md): a family's cancel, a make-up
 * booked into a teacher's slot, the office's move, cancel and closure, a plan requested, a card
 * payment, a refund, failed autopay, a store order, a widget signup, a support request and a new
 * school. After each, the bell rows and the emails it made are read back whole, by kind: exactly
 * the people who should hear of it, on the channels they chose, and nobody else (never school B's).
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let provider: string;
type Who = 'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'provider';
let tok: Record<Who, string>;
let types: { private: string };

const ZONE = 'America/New_York';
/** A day some days ahead on the school's clock: every lesson here is the future's. */
const day = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;
const post = async (url: string, token: string | undefined, body: unknown, status = 200) => (await expectCall(t, 'POST', url, { token, body, status })).data;
const CARD = { cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' };
const HOLDER = {
  firstName: 'Grace', lastName: 'Chen', email: 'grace.chen@example.test', cellPhone: '(212) 555-0163',
  address1: '48 Riverside Drive', city: 'New York', state: 'NY', postalCode: '10024', country: 'US',
};
/** The pay page's form (docs/domains/billing.md "Data and calls"). */
const payPage = (payToken: string) => ({ ...CARD, ...HOLDER, invoiceId: payToken });
/** A card saved on Payment / Billing; ZIP 46282 declines every charge of it (the sandbox's rule). */
const DECLINING_CARD = { cardNo: CARD.cardNo, expMonth: '12', expYear: '2030', cardCode: CARD.cardCode, ...HOLDER, postalCode: '46282' };

type Bell = { id: string; userId: string; kind: string; title: string; body: string; link: string | null; count: number; adminId: string };
type Mail = { id: string; userId: string | null; kind: string; subject: string; adminId: string | null; groupCount: number };
const snapshot = () => t.db.transaction({ kind: 'all' }, async (tx) => ({
  bell: await tx.select({
    id: notifications.id, userId: notifications.userId, kind: notifications.kind, title: notifications.title, body: notifications.body,
    link: notifications.link, count: notifications.count, adminId: notifications.adminId,
  }).from(notifications) as Bell[],
  mail: await tx.select({
    id: emailMessages.id, userId: emailMessages.userId, kind: emailMessages.kind, subject: emailMessages.subject, adminId: emailMessages.adminId, groupCount: emailMessages.groupCount,
  }).from(emailMessages) as Mail[],
}));

/** What an event made: rows new since, or a burst's row counted once more (decision 083). */
async function told(run: () => Promise<unknown>) {
  const before = await snapshot();
  await run();
  await t.services.jobs.idle();
  const after = await snapshot();
  const seenBell = new Map(before.bell.map((r) => [r.id, r.count]));
  const seenMail = new Map(before.mail.map((r) => [r.id, r.groupCount]));
  const bell = after.bell.filter((r) => seenBell.get(r.id) !== r.count);
  const mail = after.mail.filter((r) => seenMail.get(r.id) !== r.groupCount);
  return { bell, mail, bellByKind: byKind(bell), mailByKind: byKind(mail) };
}

/** kind → the people (sorted ids) it reached. */
function byKind(rows: { kind: string; userId: string | null }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of rows) out[r.kind] = [...new Set([...(out[r.kind] ?? []), r.userId ?? 'nobody'])].sort();
  return out;
}
const ids = (...people: { id: string }[]) => people.map((p) => p.id).sort();

async function lesson(date: string, startTime: string): Promise<string> {
  return (await post('/api/scheduling/addLesson', tok.admin, {
    teacherId: a.teacher.id, lessonTypeId: types.private, studentIds: [a.student.id], durationMinutes: 30, date, startTime,
  }))._id as string;
}

async function setPreference(token: string, category: string, channels: { inApp: boolean; email: boolean; push: boolean }) {
  await post('/api/notification/setPreferences', token, { preferences: [{ category, ...channels }] });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Riverside Told' });
  b = await createSchool(t.db, { name: 'Northside Told' });
  provider = (await createUser(t.db, 'superadmin', null)).id;
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    for (const s of [a, b]) await tx.update(schools).set({ timeZone: ZONE, showStore: true }).where(eq(schools.adminId, s.adminId));
    const [piano] = await tx.select().from(genres).limit(1);
    await tx.insert(teacherGenres).values({ adminId: a.adminId, teacherId: a.teacher.id, genreId: piano!.id });
  });
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    provider: await sessionToken(t, provider),
  };
  const listed = await post('/api/scheduling/lessonType/list', tok.admin, {});
  types = { private: (listed.results as { _id: string; kind: string }[]).find((x) => x.kind === 'private')!._id };
}, patient(60_000));
afterAll(() => t.close());

describe('schedule changes reach the teacher through the routes that make them', () => {
  it('a parent cancels from the children’s calendar: the teacher is told, by name, in the bell and by email', async () => {
    const id = await lesson(day(10), '16:00');
    const news = await told(() => post('/api/scheduling/cancelLesson', tok.parent, { id, cancelReason: 'Fever' }));
    expect(news.bellByKind).toEqual({ 'lesson-cancelled': ids(a.student, a.parent), 'teacher-lesson-cancelled': [a.teacher.id] });
    expect(news.mailByKind).toEqual({ 'lesson-cancelled': ids(a.student, a.parent), 'teacher-lesson-cancelled': [a.teacher.id] });
    const note = news.bell.find((r) => r.kind === 'teacher-lesson-cancelled')!;
    expect(note).toMatchObject({ title: 'Parent Tester cancelled a lesson', link: '/scheduling/weekly', adminId: a.adminId });
  });

  it('a student books a make-up into the teacher’s open slot: the teacher is told', async () => {
    const banked = await lesson(day(11), '16:00');
    // The office's cancel, banked by hand: the student's credit. The teacher hears of it as the office's.
    const cancel = await told(() => post('/api/scheduling/cancelLesson', tok.admin, { id: banked, cancelReason: 'Snow', bank: true, grantAnyway: true }));
    expect(cancel.bellByKind).toEqual({ 'lesson-cancelled': ids(a.student, a.parent), 'teacher-lesson-cancelled': [a.teacher.id] });
    expect(cancel.bell.find((r) => r.kind === 'teacher-lesson-cancelled')!.title).toBe('The office cancelled a lesson');
    const [credit] = (await post('/api/scheduling/getCredits', tok.student, {})).results as { _id: string }[];
    const slot = await post('/api/scheduling/makeupSlot/add', tok.admin, { teacherId: a.teacher.id, lessonTypeId: types.private, date: day(12), startTime: '10:00', durationMinutes: 30 });
    const news = await told(() => post('/api/scheduling/makeupSlot/book', tok.student, { slotId: slot._id, creditId: credit!._id }));
    expect(news.bellByKind).toEqual({ 'lesson-makeup': ids(a.student, a.parent), 'teacher-makeup-booked': [a.teacher.id] });
    expect(news.mailByKind).toEqual({ 'lesson-makeup': ids(a.student, a.parent), 'teacher-makeup-booked': [a.teacher.id] });
    expect(news.bell.find((r) => r.kind === 'teacher-makeup-booked')!.title).toBe('Student Tester booked a make-up into your slot');
  });

  it('the office moves a lesson: the teacher is told as they chose (the bell, no email); their own move tells no staff', async () => {
    const id = await lesson(day(13), '16:00');
    await setPreference(tok.teacher, 'schedule', { inApp: true, email: false, push: false });
    const moved = await told(() => post('/api/scheduling/moveLesson', tok.admin, { id, date: day(13), startTime: '17:30' }));
    expect(moved.bellByKind).toEqual({ 'lesson-moved': ids(a.student, a.parent), 'teacher-lesson-moved': [a.teacher.id] });
    expect(moved.mailByKind).toEqual({ 'lesson-moved': ids(a.student, a.parent) });
    await setPreference(tok.teacher, 'schedule', { inApp: true, email: true, push: true });
    const own = await told(() => post('/api/scheduling/moveLesson', tok.teacher, { id, date: day(13), startTime: '18:00' }));
    expect(own.bellByKind).toEqual({ 'lesson-moved': ids(a.student, a.parent) });
  });

  it('a closure tells each teacher whose lessons it cancels, once, with its name', async () => {
    await lesson(day(14), '16:00');
    await lesson(day(14), '17:00');
    const news = await told(() => post('/api/scheduling/holiday/add', tok.admin, { name: 'Staff day', startsOn: day(14), endsOn: day(14) }));
    expect(news.bellByKind).toEqual({ 'lesson-closure': ids(a.student, a.parent), 'teacher-lesson-closure': [a.teacher.id] });
    expect(news.mailByKind).toEqual({ 'lesson-closure': ids(a.student, a.parent), 'teacher-lesson-closure': [a.teacher.id] });
    const note = news.bell.find((r) => r.kind === 'teacher-lesson-closure')!;
    expect(note.title).toBe('The office closed the school on days you teach');
    expect(note.body).toMatch(/^Holiday: Staff day\. .* and 1 more\.$/);
  });
});

describe('plans, money and the store reach the office', () => {
  it('a student asks for a plan: the admin (who approves) and the plan’s teacher are told', async () => {
    const plan = await post('/api/studentBilling/addPlanBuilder', tok.admin, {
      planName: 'Piano told', price: '120', billingPeriod: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30, lessonType: 'private',
      instrumentId: (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(teacherGenres).where(eq(teacherGenres.teacherId, a.teacher.id))))[0]!.genreId,
      teacherIds: [a.teacher.id],
    });
    const news = await told(() => post('/api/studentBilling/payments', tok.student, { planId: plan._id }));
    expect(news.bellByKind).toEqual({ 'plan-request': ids(a.admin, a.teacher) });
    expect(news.mailByKind).toEqual({ 'plan-request': ids(a.admin, a.teacher) });
  });

  it('failed autopay: the office is told, and the payer', async () => {
    await post('/api/studentBilling/addToCard', tok.parent, DECLINING_CARD);
    await post('/api/paymentbilling/autopay', tok.parent, { studentId: a.student.id, enabled: true });
    await createInvoice(t.db, a);
    const news = await told(async () => {
      t.services.jobs.trigger('charge-autopay-invoices');
      await t.services.jobs.idle();
    });
    expect(news.bellByKind).toEqual({ 'autopay-failed': ids(a.admin, a.subadmin), 'payment-failed': [a.parent.id] });
    expect(news.mailByKind).toEqual({ 'autopay-failed': ids(a.admin, a.subadmin, a.parent) });
    await post('/api/paymentbilling/autopay', tok.parent, { studentId: a.student.id, enabled: false });
  });

  it('a card payment on the pay page: the office is told, each on the channels they chose; a refund tells the office but its maker', async () => {
    await setPreference(tok.subadmin, 'payments', { inApp: true, email: false, push: false });
    const invoice = await createInvoice(t.db, a, { totalCents: 4_500 });
    const paid = await told(() => t.call('POST', '/api/invoice/payment', { body: payPage(invoice.payToken), ip: nextIp() })
      .then((res) => expect(res.status, res.body.message).toBe(200)));
    expect(paid.bellByKind).toEqual({ 'payment-received': ids(a.admin, a.subadmin) });
    expect(paid.mailByKind).toEqual({ 'payment-received': [a.admin.id], 'payment-receipt': [a.parent.id] });
    expect(paid.bell.find((r) => r.userId === a.admin.id)).toMatchObject({ title: 'Payment received: $45.00', adminId: a.adminId });
    await setPreference(tok.subadmin, 'payments', { inApp: true, email: true, push: true });

    const [payment] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(payments).where(eq(payments.invoiceId, invoice.id)));
    const refunded = await told(() => post('/api/invoices/refundPayment', tok.admin, { paymentId: payment!.id, amount: 10 }));
    expect(refunded.bellByKind).toEqual({ 'payment-refunded': [a.subadmin.id] });
    expect(refunded.bell[0]!.link).toBe(`/reporting/payment-details/${payment!.id}`);
  });

  it('another school’s payment tells that school’s office alone', async () => {
    const invoice = await createInvoice(t.db, b, { totalCents: 2_000 });
    const paid = await told(() => t.call('POST', '/api/invoice/payment', { body: payPage(invoice.payToken), ip: nextIp() }));
    expect(paid.bellByKind).toEqual({ 'payment-received': ids(b.admin, b.subadmin) });
  });

  it('a store order: the school’s office is told in the bell (email is off by default for the store), the buyer of their order', async () => {
    const item = await post('/api/store/addstore', tok.admin, {
      item_name: 'Told Book', item_code: 'TB', item_price: '10.00', quantity: 5, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null,
    });
    await post('/api/order/addUserOrderAddress', tok.student, {
      first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
      country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
    });
    await post('/api/cart/addtoCart', tok.student, { storeId: item._id, quantity: 1 });
    const news = await told(() => post('/api/order/addtoOrder', tok.student, { ...CARD, idempotencyKey: `told-${Date.now()}` }));
    expect(news.bellByKind).toEqual({ 'store-order': [a.student.id], 'store-order-placed': ids(a.admin, a.subadmin) });
    expect(news.mailByKind).toEqual({ 'store-order': [a.student.id] });
  });

  it('a widget signup: the office is told at once, in the bell and by email', async () => {
    const news = await told(() => t.call('POST', '/api/student/studentSignupWidget/add', {
      body: { first_name: 'Nora', last_name: 'Quill', email: 'nora.quill.told@example.test', cellPhone: '(206) 555-0142', genreId: [], adminId: a.adminId, role: 'student' },
      ip: nextIp(),
    }).then((res) => expect(res.status, res.body.message).toBe(200)));
    expect(news.bellByKind).toEqual({ 'widget-signup': ids(a.admin, a.subadmin) });
    expect(news.mailByKind).toEqual({ 'widget-signup': ids(a.admin, a.subadmin) });
  });
});

describe('the provider hears of its schools, and that is not the school’s correspondence', () => {
  const logOf = async (token: string, search: string) => (await post('/api/reporting/getCommunicationLog', token, { search })).totalCount as number;

  it('a support request tells the provider alone; the school’s log does not show the provider’s mail', async () => {
    const news = await told(() => post('/api/support/sendSupportRequest', tok.admin, { category: 'feature_request', subject: 'Waiting lists told', message: 'Could we?' }));
    expect(news.bellByKind).toEqual({ 'support-request': [provider] });
    expect(news.mailByKind).toEqual({ 'support-request': [provider] });
    // Written in the school's transaction, so with its id (the tenant wall); still the provider's.
    expect(news.mail[0]!.adminId).toBe(a.adminId);
    expect(await logOf(tok.admin, 'Waiting lists told')).toBe(0);
    expect(await logOf(tok.subadmin, 'Waiting lists told')).toBe(0);
    // The school's own mail is still there.
    expect(await logOf(tok.admin, 'A new student signed up')).toBeGreaterThan(0);
  });

  it('a new school tells the provider alone; its owner’s log has the welcome, not the provider’s notice', async () => {
    const plan = await post('/api/schoolBilling/addSchoolPlan', tok.provider, { planName: 'Told Starter', price: 0, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' });
    let ownerId = '';
    const news = await told(async () => {
      const res = await t.call('POST', '/api/schoolBilling/registerSchool', {
        ip: nextIp(),
        body: schoolRegistration('told', provider, plan._id, { addrole: 'School', cardNo: '', expDate: '', cardCode: '' }),
      });
      expect(res.status, JSON.stringify(res.body.errors ?? res.body.message)).toBe(200);
      ownerId = res.body.data._id as string;
    });
    expect(news.bellByKind).toEqual({ 'school-registered': [provider] });
    expect(news.mailByKind['school-registered']).toEqual([provider]);
    expect(news.mailByKind['school-welcome']).toEqual([ownerId]);
    const owner = await sessionToken(t, ownerId);
    expect(await logOf(owner, 'New school on Cadenza')).toBe(0);
    expect(await logOf(owner, 'Welcome to Cadenza')).toBe(1);
  });
});

describe('nobody of another school', () => {
  it('school B’s people heard of nothing but their own school’s payment', async () => {
    const { bell, mail } = await snapshot();
    const bPeople = new Set([b.admin.id, b.subadmin.id, b.teacher.id, b.student.id, b.parent.id, b.otherStudent.id]);
    expect(byKind(bell.filter((r) => bPeople.has(r.userId)))).toEqual({ 'payment-received': ids(b.admin, b.subadmin) });
    expect(bell.filter((r) => r.adminId === b.adminId && !bPeople.has(r.userId))).toEqual([]);
    expect(mail.filter((r) => r.userId !== null && bPeople.has(r.userId) && r.adminId !== b.adminId)).toEqual([]);
  });
});
