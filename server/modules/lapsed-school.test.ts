import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools } from '../db/schema/index.js';
import { createTestApp, sessionToken } from '../test/test-app.js';
import { createSchool } from '../test/factories.js';
import { databaseFingerprint, operationsOf, routeName, type Operation } from '../test/openapi-fields.js';
import { nextIp } from '../test/next-ip.js';
import { createInvoice } from '../test/invoice-factory.js';
import { SCHOOL_PLAN_MESSAGES } from '../../shared/contracts/school-plans.js';

/**
 * Every route against a school whose plan lapsed (decision 071), as its admin and as a family
 * (a parent; a student where the route is a student's): a route its contract declares closed
 * answers 402 and changes nothing, a route declared open never answers 402. The routes are read
 * from the app's OpenAPI document at collection time, so a new route is walked without a word here.
 */

const t = await createTestApp();
const a = await createSchool(t.db);
// The store open, so its buying calls reach the guard's 402 and not the store's own 403.
await t.db.transaction({ kind: 'all' }, (tx) =>
  tx.update(schools).set({ showStore: true, planLapsedAt: new Date() }).where(eq(schools.adminId, a.adminId)));

type Who = 'admin' | 'parent' | 'student' | 'subadmin' | 'teacher';
const people = { admin: a.admin, parent: a.parent, student: a.student, subadmin: a.subadmin, teacher: a.teacher };
const tokens = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([who, u]) => [who, await sessionToken(t, u.id)] as const))) as Record<Who, string>;
/** The admin and a family always; the school's other people for a route neither of them may call. */
const FAMILY_FIRST: readonly Who[] = ['admin', 'parent', 'student', 'subadmin', 'teacher'];

type Doc = { paths: Record<string, Record<string, { 'x-lapsed-school'?: 'open' | 'closed'; 'x-roles'?: unknown }>> };
const doc = t.app.swagger() as Doc;
const declared = (op: Operation) => doc.paths[op.url]![op.method.toLowerCase()]!['x-lapsed-school'];
const rolesOf = (op: Operation) => doc.paths[op.url]![op.method.toLowerCase()]!['x-roles'];

const NIL_UUID = '00000000-0000-4000-8000-000000000000';
/** Path parameters filled with an id of nothing: the guard answers before any lookup. */
const urlOf = (op: Operation) => op.url.replace(/\{[^}]+\}/g, NIL_UUID);
// Signing out ends the session the other calls use: it runs on a session of its own, last.
const SIGN_OUT = 'GET /api/auth/logout';

/** The status and, when the answer is the envelope, its body (an open export answers its CSV). */
async function call(op: Operation, who: Who, token = tokens[who]) {
  const res = await t.app.inject({
    method: op.method, url: urlOf(op), remoteAddress: nextIp(), headers: { authorization: `Bearer ${token}` },
    ...(op.method === 'GET' ? {} : { payload: {} }),
  });
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: (isJson ? res.json() : {}) as { message?: string } };
}

const operations = operationsOf(t.app);
const withSession = operations.filter((op) => !op.isPublic);
const closed = withSession.filter((op) => declared(op) !== 'open');
const open = withSession.filter((op) => declared(op) === 'open');
const publicOps = operations.filter((op) => op.isPublic);

let before: Record<string, string>;
beforeAll(async () => {
  before = await databaseFingerprint(t.db);
});
afterAll(() => t.close());

describe('the walk', () => {
  it(`covers every route: ${closed.length} closed, ${open.length} open, ${publicOps.length} public`, () => {
    expect(closed.length + open.length + publicOps.length).toBe(operations.length);
    expect(closed.length).toBeGreaterThan(150);
    // The security fix of decision 071: these were open by their URL's prefix.
    for (const url of ['/api/studentBilling/addPlanBuilder', '/api/studentBilling/approvePlanByAdmin', '/api/studentBilling/payments', '/api/paymentbilling/payInvoice', '/api/member/students/add', '/api/order/addtoOrder']) {
      expect(closed.map((op) => op.url), url).toContain(url);
    }
  });
});

describe('a route declared closed answers 402 to a lapsed school', () => {
  it.each(closed.map((op) => [routeName(op), op] as const))('%s', async (_name, op) => {
    let reached = 0;
    for (const who of FAMILY_FIRST) {
      const res = await call(op, who);
      // Not this role's route: the role's 403 comes first (a school's people never reach the provider's).
      if (res.status === 403) continue;
      reached += 1;
      expect(res.status, `${who}: ${res.body.message}`).toBe(402);
      expect(res.body).toEqual({ status: 402, message: SCHOOL_PLAN_MESSAGES.lapsed, data: null });
    }
    if (reached === 0) expect(rolesOf(op)).toEqual(['superadmin']);
  });

  it('and changed nothing', async () => {
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });
});

describe('a route declared open never answers 402 to a lapsed school', () => {
  it.each(open.map((op) => [routeName(op), op] as const))('%s', async (name, op) => {
    for (const who of FAMILY_FIRST.slice(0, 2)) {
      const token = name === SIGN_OUT ? await sessionToken(t, people[who].id) : tokens[who];
      const res = await call(op, who, token);
      expect(res.status, `${who}: ${res.body?.message}`).not.toBe(402);
      expect(res.status, `${who}: ${res.body?.message}`).toBeLessThan(500);
    }
  });
});

describe('a public route has no session for the guard to read', () => {
  it.each(publicOps.map((op) => [`${routeName(op)} (${declared(op)})`, op] as const))('%s', (_name, op) => {
    expect(op.isPublic).toBe(true);
  });
});

describe('the public pay page charges no card for a lapsed school', () => {
  it('POST /api/invoice/payment with a good card answers 402 and records no payment', async () => {
    const invoice = await createInvoice(t.db, a, { status: 'open' });
    const fingerprint = await databaseFingerprint(t.db);
    const card = {
      cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123', firstName: 'Grace', lastName: 'Chen', email: 'grace.chen@example.test',
      cellPhone: '(212) 555-0163', address1: '48 Riverside Drive', city: 'New York', state: 'NY', postalCode: '10024', country: 'US',
    };
    const res = await t.call('POST', '/api/invoice/payment', { body: { ...card, invoiceId: invoice.payToken }, ip: nextIp() });
    expect(res.body).toEqual({ status: 402, message: SCHOOL_PLAN_MESSAGES.lapsedPayPage, data: null });
    expect(await databaseFingerprint(t.db)).toEqual(fingerprint);
  });
});
