import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, sessionToken, signIn, type TestApp } from '../../test/test-app.js';
import { createUser } from '../../test/factories.js';
import { schoolPlanBookings, schoolPlanCharges, schools, users } from '../../db/schema/index.js';
import { createSandboxGateway } from '../../services/payments/sandbox-gateway.js';
import type { PaymentGateway } from '../../services/payments/gateway.js';
import { SCHOOL_SIGNUP_MESSAGES as M, schoolRegistrationBody } from '../../../shared/contracts/school-signup.js';
import { PHONE_INVALID } from '../../../shared/contracts/phone.js';
import { registerSchool } from './self-register.js';
import { schoolRegistration } from '../../test/school-registration.js';
import { nextIp } from '../../test/next-ip.js';

let t: TestApp;
let providerId: string;
let paidPlan: string;
let freePlan: string;

const form = (n: string, extra: Record<string, unknown> = {}) =>
  schoolRegistration(n, providerId, paidPlan, { cardNo: '4111 1111 1111 1111', expDate: '2030-12', cardCode: '123', customerType: 'INDIVIDUAL', ...extra });
const register = (body: object, ip = nextIp()) => t.call('POST', '/api/schoolBilling/registerSchool', { body, ip });
const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;
const countOf = async (table: typeof users | typeof schools | typeof schoolPlanBookings | typeof schoolPlanCharges) =>
  (await all<{ n: number }[]>((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(table)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const provider = await createUser(t.db, 'superadmin', null);
  providerId = provider.id;
  const token = await sessionToken(t, provider.id);
  const add = async (body: object) => (await t.call('POST', '/api/schoolBilling/addSchoolPlan', { token, body })).body.data._id as string;
  paidPlan = await add({ planName: 'Studio', price: 49, schoolPrivateTeacher: 'privateTeacher', billingPeriod: 'monthly', maxStudents: 50 });
  freePlan = await add({ planName: 'Starter', price: 0, schoolPrivateTeacher: 'privateTeacher', billingPeriod: 'monthly' });
});
afterAll(() => t.close());

describe('the sign-up link', () => {
  it('lists the plans for the provider’s link, chooses one for a plan’s link, refuses anything else', async () => {
    const byProvider = await t.call('POST', '/api/schoolBilling/signupPlans', { body: { id: providerId } });
    expect(byProvider.body.data.plans.map((p: { planName: string }) => p.planName)).toEqual(['Starter', 'Studio']);
    expect(byProvider.body.data.selectedPlanId).toBeNull();
    const byPlan = await t.call('POST', '/api/schoolBilling/signupPlans', { body: { id: paidPlan } });
    expect(byPlan.body.data.selectedPlanId).toBe(paidPlan);
    const other = await t.call('POST', '/api/schoolBilling/signupPlans', { body: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(other.body).toMatchObject({ status: 404, message: M.linkInvalid });
  });
});

describe('registering a school', () => {
  it('on a paid plan: the card is charged through the provider, the role comes from the plan, the owner signs in', async () => {
    const res = await register(form('paid'));
    expect(res.body).toMatchObject({ status: 200, message: 'school register successfully' });
    const id = res.body.data._id as string;
    const [owner] = await all<(typeof users.$inferSelect)[]>((tx) => tx.select().from(users).where(eq(users.id, id)));
    expect(owner).toMatchObject({ role: 'admin', addrole: 'Private teacher', status: true, username: 'nora.paid' });
    const [charge] = await all<(typeof schoolPlanCharges.$inferSelect)[]>((tx) => tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, id)));
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 4900, cardLast4: '1111' });
    const [booking] = await all<(typeof schoolPlanBookings.$inferSelect)[]>((tx) => tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, id)));
    expect(booking!.customerPaymentProfileId).toMatch(/^sbxp_/);
    const token = await signIn(t, 'nora.paid', 'Str0ng!pass');
    const plan = await t.call('GET', '/api/schoolBilling/myPlan', { token });
    expect(plan.body.data.booking.plan.planName).toBe('Studio');
  });

  it('its first day (decision 076): formatted phones taken, the owner signed in, welcome with receipt and verification emailed, the provider told', async () => {
    const before = t.sentEmails.length;
    const res = await register(form('first', { phone_number: '(617) 555-0199', working_phone: '(617) 555-0199', cellPhone: '+1 (617) 555-0198', time_zone: 'America/Chicago' }));
    expect(res.body, JSON.stringify(res.body).slice(0, 300)).toMatchObject({ status: 200, data: { login: { user: { username: 'nora.first', role: 'admin' } } } });
    const id = res.body.data._id as string;
    const [school] = await all<(typeof schools.$inferSelect)[]>((tx) => tx.select().from(schools).where(eq(schools.adminId, id)));
    // The zone chosen on the page is the school's clock (decision 076).
    expect(school).toMatchObject({ workingPhone: '(617) 555-0199', timeZone: 'America/Chicago' });
    // The answer's session works: the page goes on to the dashboard signed in.
    const me = await t.call('GET', '/api/auth/me', { token: res.body.data.login.token });
    expect(me.status).toBe(200);
    const checklist = await t.call('GET', `/api/school/setupChecklist/${id}`, { token: res.body.data.login.token });
    expect(checklist.body.data).toMatchObject({ dismissedAt: null });

    await t.services.jobs.idle();
    const mail = t.sentEmails.slice(before);
    const toOwner = mail.filter((m) => m.to === 'nora.first@example.test');
    const welcome = toOwner.find((m) => m.subject === 'Welcome to Cadenza, Lind Music first');
    expect(welcome, toOwner.map((m) => m.subject).join(', ')).toBeDefined();
    const [charge] = await all<(typeof schoolPlanCharges.$inferSelect)[]>((tx) => tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, id)));
    expect(welcome!.text).toContain(`Receipt of your first payment: $49.00 for the Studio plan, ${charge!.periodStartsOn} to ${charge!.periodEndsOn}`);
    expect(welcome!.text).toContain('ending in 1111');
    expect(welcome!.text).toContain(`(transaction ${charge!.gatewayTransactionId})`);
    expect(welcome!.text).not.toContain('4111111111111111');
    const verify = toOwner.find((m) => m.subject === 'Verify your Cadenza email address');
    const link = verify!.text.match(/\/api\/auth\/verifyAccount\/([\w-]{43})/)![1]!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verifyAccount/${link}` });
    expect(verified.headers.location).toBe('/login?verified=1');
    const [owner] = await all<(typeof users.$inferSelect)[]>((tx) => tx.select().from(users).where(eq(users.id, id)));
    expect(owner!.emailVerifiedAt).not.toBeNull();

    const [provider] = await all<(typeof users.$inferSelect)[]>((tx) => tx.select().from(users).where(eq(users.id, providerId)));
    const toProvider = mail.find((m) => m.to === provider!.email && m.subject === 'New school on Cadenza: Lind Music first');
    expect(toProvider!.text).toContain('on the Studio plan (paid $49.00 by card)');
    const bell = await t.call('POST', '/api/notification/getNotification', { token: await sessionToken(t, providerId), body: {} });
    expect(JSON.stringify(bell.body.data)).toContain('New school on Cadenza: Lind Music first');
  });

  it('on a free plan: asks the School Role, takes no card', async () => {
    const without = await register(form('free1', { planId: freePlan, cardNo: '', expDate: '', cardCode: '', customerType: undefined }));
    expect(without.body).toMatchObject({ status: 400, errors: { addrole: M.schoolRoleRequired } });
    const res = await register(form('free2', { planId: freePlan, addrole: 'School', cardNo: '', expDate: '', cardCode: '', customerType: undefined }));
    expect(res.status).toBe(200);
    const [owner] = await all<{ addrole: string | null }[]>((tx) => tx.select({ addrole: users.addrole }).from(users).where(eq(users.username, 'nora.free2')));
    expect(owner!.addrole).toBe('School');
  });

  it('answers the documented messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: '1Nora' }, 'first_name', M.firstAlphabet],
      [{ first_name: ' Nora' }, 'first_name', M.leadingWhitespace],
      [{ last_name: 'Lind!' }, 'last_name', M.specialCharacters],
      [{ last_name: 'L'.repeat(101) }, 'last_name', M.lastNameMax],
      [{ contact_person_email: 'nora@example' }, 'contact_person_email', M.contactEmail],
      [{ phone_number: '12345' }, 'phone_number', PHONE_INVALID],
      [{ phone_number: '12345abc90' }, 'phone_number', PHONE_INVALID],
      [{ cellPhone: '(617) 555-019' }, 'cellPhone', PHONE_INVALID],
      [{ working_phone: '+1 617 555 0199 1234 5' }, 'working_phone', PHONE_INVALID],
      [{ school_name: '' }, 'school_name', 'School Name is Required'],
      [{ username: '' }, 'username', 'Username is Required'],
      [{ password: 'Sh0rt!' , confirm_password: 'Sh0rt!' }, 'password', 'Password should be at-least 8 characters.'],
      [{ password: 'longpassword', confirm_password: 'longpassword' }, 'password', 'Your password isn’t strong enough. Please try making it Stronger'],
      [{ confirm_password: '' }, 'confirm_password', 'Confirm password is Required'],
      [{ confirm_password: 'Str0ng!pasS' }, 'confirm_password', 'Passwords should match!'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ working_phone: '' }, 'working_phone', 'Working Phone is required'],
      [{ cellPhone: '' }, 'cellPhone', 'Cell Phone is required'],
      [{ postal_code: '123456' }, 'postal_code', 'Should allow only Numeric Value'],
      // The card form's words (decision 074).
      [{ cardNo: '' }, 'cardNo', 'Card number is required'],
      [{ cardNo: '4111 1111 1111 111' }, 'cardNo', 'Enter a valid card number'],
      [{ expDate: '' }, 'expDate', 'Expiry month is required'],
      [{ cardCode: '' }, 'cardCode', 'Card code (CVV) is required'],
      [{ cardNo: '3782-822463-10005', cardCode: '123' }, 'cardCode', 'Enter the 4-digit card code (CVV) from the front of the card'],
      [{ customerType: undefined }, 'customerType', 'Customer Type is Required'],
    ];
    const before = await countOf(users);
    for (const [extra, field, message] of cases) {
      const res = await register(form('bad', extra));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[field], field).toBe(message);
    }
    expect(await countOf(users)).toBe(before);
  });

  it('a declined card or a taken username makes nothing: no school, no owner, no booking, no charge', async () => {
    const before = { users: await countOf(users), schools: await countOf(schools), bookings: await countOf(schoolPlanBookings), charges: await countOf(schoolPlanCharges) };
    const declined = await register(form('declined', { postal_code: '46282' }));
    expect(declined.body).toMatchObject({ status: 400, message: 'This transaction has been declined.' });
    let asked = 0;
    const sandbox = createSandboxGateway();
    const counting: PaymentGateway = { ...sandbox, chargeProfile: (r) => { asked += 1; return sandbox.chargeProfile(r); }, addPaymentProfile: (r) => { asked += 1; return sandbox.addPaymentProfile(r); } };
    const taken = schoolRegistrationBody.parse(form('taken', { username: 'nora.paid' }));
    await expect(registerSchool(t.db, { config: t.services.config, gatewayFor: async () => counting }, taken, new Date())).rejects.toMatchObject({ status: 400, message: 'Username already exists' });
    expect(asked).toBe(0);
    expect({ users: await countOf(users), schools: await countOf(schools), bookings: await countOf(schoolPlanBookings), charges: await countOf(schoolPlanCharges) }).toEqual(before);
    await expect(signIn(t, 'nora.declined', 'Str0ng!pass')).rejects.toThrow();
  });

  it('is rate limited by address', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i += 1) await register(form('rl', { first_name: '' }), ip);
    const res = await register(form('rl'), ip);
    expect(res.body).toMatchObject({ status: 429, message: M.tooMany });
  });
});
