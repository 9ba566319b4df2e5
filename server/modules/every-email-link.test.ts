import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  genres, notifications, schoolPlanBookings, schools, teacherGenres, userTokens, users,
} from '../db/schema/index.js';
import { hashToken } from '../lib/tokens.js';
import { deliverPendingEmails } from '../services/email/deliver-pending-emails.js';
import type { OutgoingEmail } from '../services/email/mailer.js';
import { createSandboxGateway } from '../services/payments/sandbox-gateway.js';
import { createSchool, createUser, type TestSchool } from '../test/factories.js';
import { createInvoice } from '../test/invoice-factory.js';
import { nextIp } from '../test/next-ip.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../test/test-app.js';
import { matchRoute } from '../../shared/routes.js';
import { publicPageOf, SIGN_IN_PATHS } from '../../shared/public-routes.js';
import type { Role } from '../../shared/roles.js';
import { schoolRegistration } from '../test/school-registration.js';
import { patient } from '../../tests/patience.js';

/**
 * Every email the app sends, to every role that receives it, opens what it names for its recipient
 * (docs/decisions/091-everyone-told-through-the-routes.md; the family lesson emails in detail:
 * scheduling/notices/email-links.test.ts). The app sends each template through the route or job
 * that sends it in production; each delivered email is named by its subject in TEMPLATES (an email
 * none names fails, so a new template joins the list), and every template must have been sent.
 * Each link of its HTML, text and List-Unsubscribe header is either a public page (and its token
 * opens: the pay page, the invitation, the reset, the unsubscribe), a call of the API (it answers,
 * or sends the browser to a public page), or a page of the recipient role's route table
 * (shared/routes.ts, so the router does not send them away), and the record it names opens for
 * the recipient (200): the order, the payment, the school, the course, the lesson. The bell's
 * links are checked against the route tables the same way.
 */
const TEMPLATES: Record<string, RegExp> = {
  invitation: /^You're invited to Cadenza$/,
  'password reset': /^Reset your Cadenza password$/,
  verification: /^Verify your Cadenza email address$/,
  welcome: /^Welcome to Cadenza, /,
  'new school (provider)': /^New school on Cadenza: /,
  invoice: /^Invoice \S+ from .+ due /,
  receipt: /^Payment received: \S+ \(.+\)$/,
  'late fee': /^Late fee added to invoice /,
  'autopay failed (payer)': /^Autopay could not pay invoice /,
  'autopay failed (office)': /^Autopay failed: invoice |^\d+ autopay charges failed$/,
  'payment received (office)': /^Payment received: \$[\d,.]+$|^\d+ payments received$/,
  'plan request (office)': /^A plan request is waiting: |^\d+ plan requests are waiting$/,
  'plan request (teacher)': / asked for .+ with you$/,
  'plan approved': /^.+ is approved$/,
  'plan declined': /^Your request for .+ was declined$/,
  'plan cancelled (family)': /^.+ is cancelled$/,
  'plan cancelled (office)': /^.+ cancelled for .+$/,
  'order placed (buyer)': /^Order #\d+ is placed$/,
  'order changed (buyer)': /^Order #\d+ is now /,
  'order placed (seller)': /^New order #\d+: |^\d+ new store orders$/,
  'course not approved': /^Your course ".+" was not approved$/,
  'support answer': /^Re: /,
  'support request (provider)': /^Support request: |^\d+ new support requests$/,
  'group email': /^Links news for /,
  'group email test copy': /^\[Test\] Links news for /,
  'plan offer': /^A Cadenza plan for /,
  'plan extended': /^Your Cadenza plan is extended to /,
  'plan renewed (owner)': /^Your Cadenza plan is renewed: /,
  'plan renewal failed (owner)': /^We could not renew your Cadenza plan$/,
  'plan renews by invoice (owner)': /^Your Cadenza plan renews: /,
  'plan paid (provider)': /^.+ paid \$[\d,.]+ for .+$|^\d+ school plan payments received$/,
  'plan payment failed (provider)': /^A plan payment failed: /,
  'schedule change (teacher)': / cancelled a lesson$| moved a lesson$| booked a make-up into your slot$| closed the school on days you teach$/,
  'lesson notice (family)': /^Lesson cancelled: |^School closed: /,
  'widget signup': /^A new student signed up$/,
  'chat message': /^New message from /,
  'practice assigned': /^New practice assigned$/,
  'course approved': /^Course approved$/,
};
const templateOf = (email: OutgoingEmail) => Object.keys(TEMPLATES).filter((k) => TEMPLATES[k]!.test(email.subject));

let t: TestApp;
let a: TestSchool;
let provider: string;
let appUrl: string;
type Person = { id: string; role: Role; token: string; email: string };
/** The recipients, by address (each test person has an address of their own). */
const people = new Map<string, Person>();
const ZONE = 'America/New_York';
const day = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;
const post = async (url: string, token: string | undefined, body: unknown, status = 200) => (await expectCall(t, 'POST', url, { token, body, status })).data;
const db = <T>(run: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, run) as Promise<T>;
const CARD = { cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' };
const HOLDER = {
  firstName: 'Grace', lastName: 'Chen', email: 'grace.chen@example.test', cellPhone: '(212) 555-0163',
  address1: '48 Riverside Drive', city: 'New York', state: 'NY', postalCode: '10024', country: 'US',
};
const runJob = async (name: string) => {
  t.services.jobs.trigger(name);
  await t.services.jobs.idle();
};
let seq = 0;
const person = (tag: string, extra: Record<string, unknown> = {}) => {
  const n = `${tag}${++seq}${Math.random().toString(36).slice(2, 6)}`;
  return { first_name: 'Robin', last_name: 'Hart', username: `u.${n}`, email: `${n}@example.test`, ...extra };
};

/** Every template sent through its own route or job, as the people who send it. */
async function sendEveryTemplate() {
  const tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), other: await sessionToken(t, a.otherStudent.id),
    provider: await sessionToken(t, provider),
  };
  const piano = await db<string>(async (tx) => {
    const [g] = await tx.select().from(genres).limit(1);
    await tx.insert(teacherGenres).values({ adminId: a.adminId, teacherId: a.teacher.id, genreId: g!.id });
    return g!.id;
  });

  // Accounts: invitations to each role the school adds, and to a school's owner; resets for every role; a verification.
  for (const [kind, extra] of [['students', { parentIds: [a.parent.id] }], ['teachers', {}], ['parents', { childIds: [a.student.id] }], ['subadmins', {}]] as const) {
    await post(`/api/member/${kind}/add`, tok.admin, person(kind, extra));
  }
  await post('/api/school/privateteacher/add', tok.provider, {
    first_name: 'Clara', last_name: 'Schumann', school_name: 'Harmony Links', username: 'owner.links', email: 'owner.links@example.test',
    working_phone: '(212) 555-0100', address1: '1 Lyric Way', city: 'Leipzig', state: 'Saxony', postal_code: '04109', country: 'United States', addrole: 'School',
  });
  const providerName = (await db<{ username: string }[]>((tx) => tx.select({ username: users.username }).from(users).where(eq(users.id, provider))))[0]!.username;
  for (const who of [a.admin, a.subadmin, a.teacher, a.student, a.parent, { username: providerName }]) {
    expect((await t.call('POST', '/api/auth/forgetPassword', { body: { username: who.username }, ip: nextIp() })).status).toBe(200);
  }
  await db((tx) => tx.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, a.parent.id)));
  await post('/api/auth/reSendVerifyAccount', tok.parent, {});

  // A school registers itself: its welcome and verification, the provider's notice.
  const starter = await post('/api/schoolBilling/addSchoolPlan', tok.provider, { planName: 'Links Starter', price: 0, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' });
  const registered = await t.call('POST', '/api/schoolBilling/registerSchool', {
    ip: nextIp(),
    body: schoolRegistration('links', provider, starter._id, { addrole: 'School', cardNo: '', expDate: '', cardCode: '' }),
  });
  expect(registered.status, JSON.stringify(registered.body.errors ?? registered.body.message)).toBe(200);

  // Lessons: a parent's cancel (the family and the teacher), a closure (the teacher).
  const types = (await post('/api/scheduling/lessonType/list', tok.admin, {})).results as { _id: string; kind: string }[];
  const lesson = async (date: string) => (await post('/api/scheduling/addLesson', tok.admin, {
    teacherId: a.teacher.id, lessonTypeId: types.find((x) => x.kind === 'private')!._id, studentIds: [a.student.id], durationMinutes: 30, date, startTime: '16:00',
  }))._id as string;
  await post('/api/scheduling/cancelLesson', tok.parent, { id: await lesson(day(10)), cancelReason: 'Fever' });
  await lesson(day(11));
  await post('/api/scheduling/holiday/add', tok.admin, { name: 'Staff day', startsOn: day(11), endsOn: day(11) });

  // Invoices: sent to a parent who pays and to a student who pays for themself; paid on the pay page; a late fee; failed autopay.
  for (const studentId of [a.student.id, a.otherStudent.id]) {
    const made = await post('/api/invoices/create', tok.admin, { studentId, lines: [{ description: 'Piano lessons', quantity: 1, unitPrice: '40' }], dueOn: day(14) });
    await post('/api/invoices/send', tok.admin, { id: made._id });
  }
  const toPay = await createInvoice(t.db, a, { totalCents: 4_500 });
  const paid = await t.call('POST', '/api/invoice/payment', { body: { ...CARD, ...HOLDER, invoiceId: toPay.payToken }, ip: nextIp() });
  expect(paid.status, paid.body.message).toBe(200);
  await post('/api/billing/settings', tok.admin, { currency: 'USD', defaultDueDays: 14, lateFee: '5', lateFeeAfterDays: 1 });
  await createInvoice(t.db, a, { dueOn: day(-5) });
  await runJob('add-late-fees');
  await post('/api/studentBilling/addToCard', tok.parent, { cardNo: CARD.cardNo, expMonth: '12', expYear: '2030', cardCode: CARD.cardCode, ...HOLDER, postalCode: '46282' });
  await post('/api/paymentbilling/autopay', tok.parent, { studentId: a.student.id, enabled: true });
  await runJob('charge-autopay-invoices');
  await post('/api/paymentbilling/autopay', tok.parent, { studentId: a.student.id, enabled: false });

  // Plans: asked for (the office, the teacher), approved, declined, cancelled (the family, the office).
  const plan = async (planName: string, price: string) => (await post('/api/studentBilling/addPlanBuilder', tok.admin, {
    planName, price, billingPeriod: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30, lessonType: 'private', instrumentId: piano, teacherIds: [a.teacher.id],
  }))._id as string;
  const free = await post('/api/studentBilling/payments', tok.parent, { planId: await plan('Links free', '0'), studentId: a.student.id });
  await post('/api/studentBilling/approvePlanByAdmin', tok.admin, { subscriptionId: free._id });
  const paidPlan = await post('/api/studentBilling/payments', tok.student, { planId: await plan('Links monthly', '80') });
  await post('/api/studentBilling/approvePlanByAdmin', tok.admin, { subscriptionId: paidPlan._id });
  await post('/api/studentBilling/cancelBookPlan', tok.student, { subscriptionId: paidPlan._id });
  const declined = await post('/api/studentBilling/payments', tok.student, { planId: await plan('Links declined', '60') });
  await post('/api/studentBilling/approvePlanByAdmin', tok.admin, { subscriptionId: declined._id, approve: false });

  // The store: orders by a student and a teacher, the office told by email (the admin chose it), a status change.
  await db((tx) => tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, a.adminId)));
  await post('/api/notification/setPreferences', tok.admin, { preferences: [{ category: 'store', inApp: true, email: true, push: false }] });
  const item = await post('/api/store/addstore', tok.admin, {
    item_name: 'Links Book', item_code: 'LB', item_price: '10.00', quantity: 9, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null,
  });
  let lastOrder = '';
  for (const buyer of [tok.student, tok.teacher]) {
    await post('/api/order/addUserOrderAddress', buyer, {
      first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
      country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
    });
    await post('/api/cart/addtoCart', buyer, { storeId: item._id, quantity: 1 });
    lastOrder = (await post('/api/order/addtoOrder', buyer, { ...CARD, idempotencyKey: `links-${Date.now()}-${++seq}` })).order._id as string;
  }
  await post('/api/order/updateStatus', tok.admin, { orderId: lastOrder, status: 'shipped' });

  // Practice and a course approved, to a student and a teacher who chose email for them (it is off by default).
  await post('/api/notification/setPreferences', tok.student, { preferences: [{ category: 'learning', inApp: true, email: true, push: false }] });
  await post('/api/notification/setPreferences', tok.teacher, { preferences: [{ category: 'learning', inApp: true, email: true, push: false }] });
  await post('/api/practice/addPractice', tok.teacher, { studentIds: [a.student.id], items: [{ title: 'Scales in G' }], due_date: day(7), minutesPerDay: 15 });
  const approved = await post('/api/course/add', tok.teacher, { title: 'Links approved course', description: 'Next steps', genreId: piano, level: 'beginner' });
  await post('/api/course/approve', tok.admin, { courseId: approved._id });

  // A course sent back; support asked and answered for each role that may ask; a group email and its test copy; a chat message.
  const course = await post('/api/course/add', tok.teacher, { title: 'Links course', description: 'First steps', genreId: piano, level: 'beginner' });
  await post('/api/course/reject', tok.admin, { courseId: course._id, reason: 'Add a first lesson' });
  for (const asker of [tok.admin, tok.subadmin, tok.student, tok.parent]) {
    const asked = await post('/api/support/sendSupportRequest', asker, { category: 'feature_request', subject: 'Links question', message: 'Could we?' });
    await post('/api/support/answerSupportRequest', tok.provider, { id: asked._id, message: 'Yes, soon.' });
  }
  const audience = { allStudents: true, allParents: true, allTeachers: true, userIds: [a.subadmin.id] };
  await post('/api/massEmail/sendMassEmail', tok.admin, { ...audience, subject: 'Links news for {first_name}', body: '<p>Dear {first_name},</p><p>The recital is on.</p>' });
  await post('/api/massEmail/sendTestEmail', tok.admin, { ...audience, subject: 'Links news for {first_name}', body: '<p>Dear {first_name},</p>' });
  await post('/api/notification/setPreferences', tok.parent, { preferences: [{ category: 'messages', inApp: true, email: true, push: false }] });
  await post('/api/chat/sendMessage', tok.teacher, { userId: a.parent.id, message: 'See you Monday' });

  // A widget signup (the office), approved with the plan it chose: an invitation that opens the plan.
  const signup = await t.call('POST', '/api/student/studentSignupWidget/add', {
    ip: nextIp(),
    body: { first_name: 'Nora', last_name: 'Quill', email: 'nora.quill.links@example.test', cellPhone: '(206) 555-0142', genreId: [], adminId: a.adminId, role: 'student', planId: await plan('Links widget plan', '50') },
  });
  expect(signup.status, signup.body.message).toBe(200);
  await post('/api/reporting/approvedStudent/approve', tok.admin, { id: signup.body.data._id });

  // School plans: an offer and an extension by the provider; renewals paid, declined and by invoice.
  await sendSchoolPlanEmails(tok.provider);
}

async function sendSchoolPlanEmails(superToken: string) {
  // Renewal days before today (the schools' zone is UTC): each a period of its own, for the first period (today's,
  // charged at booking) would answer a renewal starting today as already paid, with no email.
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const studio = await post('/api/schoolBilling/addSchoolPlan', superToken, { planName: 'Links Studio', price: 49, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' });
  const bigger = await post('/api/schoolBilling/addSchoolPlan', superToken, { planName: 'Links Academy', price: 99, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' });
  const booked = async (paymentMethod: 'card' | 'invoice') => {
    const s = await createSchool(t.db, { name: `Links ${paymentMethod} school` });
    await db((tx) => tx.update(schools).set({ postalCode: '62701', address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'US', timeZone: 'UTC' }).where(eq(schools.adminId, s.adminId)));
    await post('/api/bookPlan/bookplanschool', superToken, { adminId: s.adminId, planId: studio._id, paymentMethod, ...(paymentMethod === 'card' ? CARD : {}) });
    return s;
  };
  const byCard = await booked('card');
  const byInvoice = await booked('invoice');
  await post('/api/bookPlan/planUpgradeEmail', superToken, { adminId: byCard.adminId, planId: bigger._id });
  await post('/api/bookPlan/endOrExtend', superToken, { adminId: byCard.adminId, action: 'extend', days: 3 });
  const setBooking = (adminId: string, values: Partial<typeof schoolPlanBookings.$inferInsert>) =>
    db((tx) => tx.update(schoolPlanBookings).set(values).where(eq(schoolPlanBookings.adminId, adminId)));
  await setBooking(byCard.adminId, { renewsOn: daysAgo(1) });
  await setBooking(byInvoice.adminId, { renewsOn: daysAgo(1) });
  await runJob('renew-school-plans');
  // The next period declines: a card of the sandbox that declines (ZIP 46282), as the renewal test makes one.
  const sandbox = createSandboxGateway();
  const declining = await sandbox.addPaymentProfile({
    customerProfileId: (await sandbox.createCustomerProfile({ merchantCustomerId: 'links', description: 'links' })).customerProfileId,
    card: { number: '4111111111111111', expMonth: 12, expYear: 2030, code: '123' },
    billTo: { firstName: 'A', lastName: 'B', address: '1', city: 'C', state: 'IL', zip: '46282', country: 'US' }, makeDefault: true,
  });
  await setBooking(byCard.adminId, { renewsOn: daysAgo(2), customerPaymentProfileId: declining.customerPaymentProfileId });
  await runJob('renew-school-plans');
}

beforeAll(async () => {
  t = await createTestApp();
  appUrl = t.services.config.appUrl;
  a = await createSchool(t.db, { name: 'Riverside Links' });
  await db((tx) => tx.update(schools).set({ timeZone: ZONE }).where(eq(schools.adminId, a.adminId)));
  provider = (await createUser(t.db, 'superadmin', null)).id;
  await sendEveryTemplate();
  await t.services.jobs.idle();
  // A burst's email waits five minutes for the rest of the burst (decision 083): delivered as of then.
  await deliverPendingEmails(t.db, t.services.mailer, t.services.storage, new Date(Date.now() + 10 * 60_000));
  const addresses = [...new Set(t.sentEmails.map((e) => e.to.toLowerCase()))];
  const rows = await db<{ id: string; role: string; email: string | null }[]>((tx) => tx.select({ id: users.id, role: users.role, email: users.email }).from(users));
  for (const address of addresses) {
    const found = rows.filter((r) => r.email?.toLowerCase() === address);
    if (found.length === 1) people.set(address, { id: found[0]!.id, role: found[0]!.role as Role, email: address, token: await sessionToken(t, found[0]!.id) });
  }
  // Some forty calls and four job runs: longer than a hook's default on a busy machine.
}, patient(300_000));
afterAll(() => t.close());

/** The links of an email into the app: its buttons and anchors, any address in its text, its List-Unsubscribe header. */
function linksOf(email: OutgoingEmail): string[] {
  const found = [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&').replaceAll('&#38;', '&'));
  found.push(...[...email.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0].replace(/[).,]+$/, '')));
  found.push(...[...(email.headers?.['List-Unsubscribe'] ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]!));
  return [...new Set(found.filter((link) => link.startsWith(appUrl)))];
}

/** Whether a reset link's token is one the app issued, still unused and unexpired (opening it would spend it). */
async function liveResetToken(token: string): Promise<boolean> {
  const [row] = await db<unknown[]>((tx) => tx.select().from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, 'reset'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date()))));
  return row !== undefined;
}

/** What a page's link names, opened as its recipient: the status of the call that page makes. */
const OPENERS: Record<string, (id: string, who: Person, url: URL) => Promise<number>> = {
  '/invoices/pay/:id': async (id) => (await t.call('GET', `/api/invoice/${id}`, { ip: nextIp() })).status,
  '/acceptinvitation/:id': async (id) => (await t.call('POST', '/api/auth/invitation', { body: { id }, ip: nextIp() })).status,
  '/resetpassword/:id': async (id) => ((await liveResetToken(id)) ? 200 : 404),
  '/unsubscribe/:token': async (id) => (await t.call('GET', `/api/massEmail/unsubscribe/${id}`)).status,
  '/stores/order-details/:id': async (id, who) => (await t.call('GET', `/api/order/viewOrder/${id}`, { token: who.token })).status,
  '/reporting/payment-details/:id': async (id, who) => (await t.call('GET', `/api/reports/payments/details/${id}`, { token: who.token })).status,
  '/superadmin/view-school-details/:id': async (id, who) => (await t.call('GET', `/api/school/privateteacher/viewProfileBySchoolId/${id}`, { token: who.token })).status,
  '/superadmin/view-teacher-details/:id': async (id, who) => (await t.call('GET', `/api/school/privateteacher/viewProfileBySchoolId/${id}`, { token: who.token })).status,
  '/learning/lessons/:id': async (id, who) => (await t.call('GET', `/api/course/view/${id}`, { token: who.token })).status,
  '/learning/view-practice/:id': async (id, who) => (await t.call('GET', `/api/practice/viewPractice/${id}`, { token: who.token })).status,
};
const LESSON_CALENDARS = new Set(['/scheduling/weekly', '/scheduling/family']);

type Checked = { template: string; role: Role; link: string; opened: string | null };

/** One link checked for its recipient; what it opened, or a failure naming the template, the role and the link. */
async function checkLink(template: string, who: Person, link: string): Promise<Checked> {
  const url = new URL(link);
  const where = `${template} to a ${who.role}: ${url.pathname}${url.search}`;
  if (url.pathname.startsWith('/api/')) {
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    // An API link answers, or sends the browser to a page anyone may open (the verification's sign-in page).
    if (res.statusCode === 302) {
      const to = new URL(res.headers.location as string, appUrl).pathname;
      const anyoneMayOpen = publicPageOf(to) !== undefined || (SIGN_IN_PATHS as readonly string[]).includes(to);
      expect(anyoneMayOpen, `${where} → ${to}`).toBe(true);
    } else expect(res.statusCode, where).toBe(200);
    return { template, role: who.role, link, opened: url.pathname };
  }
  const page = publicPageOf(url.pathname) ?? matchRoute(who.role, url.pathname)?.path;
  expect(page, `${where} is neither a public page nor in the role's route table`).toBeDefined();
  // Where accepting an invitation leads must be the new person's page too.
  const next = url.searchParams.get('next');
  if (next) expect(matchRoute(who.role, new URL(next, appUrl).pathname), `${where}: next=${next}`).toBeDefined();
  const opener = OPENERS[page!];
  if (opener) {
    const id = url.pathname.split('/').at(-1)!;
    expect(await opener(id, who, url), `${where}: what it names`).toBe(200);
    return { template, role: who.role, link, opened: page! };
  }
  const lesson = url.searchParams.get('lesson');
  if (LESSON_CALENDARS.has(page!) && lesson) {
    expect((await t.call('POST', '/api/scheduling/getLesson', { token: who.token, body: { id: lesson } })).status, `${where}: the lesson`).toBe(200);
    return { template, role: who.role, link, opened: 'lesson' };
  }
  return { template, role: who.role, link, opened: null };
}

describe('every email the app sends', () => {
  it('is one of the templates, each template was sent, each to a person of the app', () => {
    const unnamed = t.sentEmails.filter((e) => templateOf(e).length !== 1).map((e) => `${e.subject} → ${templateOf(e).join(', ') || 'none'}`);
    expect(unnamed).toEqual([]);
    const sent = new Set(t.sentEmails.map((e) => templateOf(e)[0]));
    expect(Object.keys(TEMPLATES).filter((k) => !sent.has(k))).toEqual([]);
    expect(t.sentEmails.filter((e) => !people.has(e.to.toLowerCase())).map((e) => `${e.subject} → ${e.to}`)).toEqual([]);
  });

  it('reaches every role that receives it', () => {
    const roles = (template: string) => [...new Set(t.sentEmails.filter((e) => templateOf(e)[0] === template).map((e) => people.get(e.to.toLowerCase())?.role))].sort();
    expect(roles('invitation')).toEqual(['admin', 'parent', 'student', 'subadmin', 'teacher']);
    expect(roles('password reset')).toEqual(['admin', 'parent', 'student', 'subadmin', 'superadmin', 'teacher']);
    expect(roles('invoice')).toEqual(['parent', 'student']);
    expect(roles('support answer')).toEqual(['admin', 'parent', 'student', 'subadmin']);
    expect(roles('group email')).toEqual(['parent', 'student', 'subadmin', 'teacher']);
    expect(roles('order placed (buyer)')).toEqual(['student', 'teacher']);
    expect(roles('payment received (office)')).toEqual(['admin', 'subadmin']);
    // The admin alone approves a plan: sub-admins are not asked to (decision 091).
    expect(roles('plan request (office)')).toEqual(['admin']);
  });

  it('opens, for its recipient, a public page, an answering call or a page of their route table, and the record it names', async () => {
    const checked: Checked[] = [];
    for (const email of t.sentEmails) {
      const who = people.get(email.to.toLowerCase())!;
      const template = templateOf(email)[0]!;
      const links = linksOf(email);
      expect(links.length, `${template} to a ${who.role} has a link`).toBeGreaterThan(0);
      for (const link of links) checked.push(await checkLink(template, who, link));
    }
    // The records named were opened: each kind that the emails name, at least once.
    const opened = new Set(checked.map((c) => c.opened));
    for (const page of [
      '/invoices/pay/:id', '/acceptinvitation/:id', '/resetpassword/:id', '/unsubscribe/:token', '/stores/order-details/:id',
      '/reporting/payment-details/:id', '/superadmin/view-school-details/:id', '/learning/lessons/:id', '/learning/view-practice/:id', 'lesson',
    ]) expect(opened.has(page), page).toBe(true);
    for (const call of ['/api/auth/verifyAccount/', '/api/massEmail/unsubscribe/']) expect([...opened].some((o) => o?.startsWith(call)), call).toBe(true);
    // A hundred-odd links, each opened as its recipient.
  }, patient(120_000));

  it('and the bell’s links open a page of the recipient role’s route table', async () => {
    const rows = await db<{ userId: string; kind: string; link: string | null; role: string }[]>((tx) => tx
      .select({ userId: notifications.userId, kind: notifications.kind, link: notifications.link, role: users.role })
      .from(notifications).innerJoin(users, eq(users.id, notifications.userId)));
    const linked = rows.filter((r) => r.link);
    expect(new Set(linked.map((r) => r.kind)).size).toBeGreaterThan(15);
    for (const note of linked) {
      const url = new URL(note.link!, appUrl);
      expect(matchRoute(note.role, url.pathname), `${note.kind} for a ${note.role}: ${note.link}`).toBeDefined();
    }
  });
});
