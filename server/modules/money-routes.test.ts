import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools } from '../db/schema/index.js';
import { createTestApp, sessionToken } from '../test/test-app.js';
import { createSchool, createUser } from '../test/factories.js';
import { databaseFingerprint, routeName } from '../test/openapi-fields.js';
import { FAMILY_CARD_MESSAGE } from '../../shared/permissions.js';
import type { Role } from '../../shared/roles.js';

/**
 * A family's cards in a login-as (decision 069), generated from the OpenAPI document: every route
 * whose contract says `usesFamilyCard` (`x-uses-family-card`) answers staff acting as a student or
 * a parent 403 with the one message and changes nothing, and lets a parent acting as their own
 * child through to the route itself. The flagged routes are checked against a list found by their
 * paths, so a new card route without the flag fails here.
 */

const t = await createTestApp();
const a = await createSchool(t.db);
// The store open, so checkout's own check of a closed store does not answer first.
await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, a.adminId)));
const superadmin = await createUser(t.db, 'superadmin', null);
afterAll(() => t.close());

type OpenApiOperation = { 'x-uses-family-card'?: boolean; 'x-roles'?: string | string[]; security?: unknown[] };
const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const operations = Object.entries(doc.paths).flatMap(([url, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE' | 'PUT', url, op })));
const flagged = operations.filter((o) => o.op['x-uses-family-card'] === true);

/**
 * What the flag covers, as decision 069 lists it: charging a saved card (invoice pay, checkout, a
 * plan asked with the payer's card), saving, removing and defaulting a card, autopay on and off.
 */
const EXPECTED_FLAGGED = [
  'DELETE /api/studentBilling/delCustomerPaymentProfile',
  'DELETE /api/studentBilling/removeCard',
  'POST /api/order/addtoOrder',
  'POST /api/paymentbilling/autopay',
  'POST /api/paymentbilling/payInvoice',
  'POST /api/studentBilling/addCustomerPayment',
  'POST /api/studentBilling/addToCard',
  'POST /api/studentBilling/payments',
  'POST /api/studentBilling/updateCustomerPaymentProfile',
];

/** A route that by its path touches cards, payments, autopay or checkout. */
const LOOKS_LIKE_MONEY = /card|customerpayment|autopay|pay(?!roll|slip)|checkout|addtoorder|charge|refund|bookplan/i;

/**
 * Paths the heuristic finds that are not a family's card, each with why (decision 069). A new route
 * the heuristic finds is in neither list until someone decides, and this file fails until then.
 */
const NOT_A_FAMILY_CARD: Record<string, string> = {
  'GET /api/invoice/{id}': 'the pay page reads an invoice by its emailed token',
  'POST /api/invoice/payment': 'the pay page: no session to act in, a card typed there',
  'POST /api/paymentbilling/invoices': 'reads invoices',
  'GET /api/paymentMethod/getPaymentMethodList/{id}': 'reads cards',
  'POST /api/studentBilling/cardList': 'reads cards',
  'GET /api/studentBilling/getCustomerPaymentProfile/{customerProfileId}/{customerPaymentProfileId}': 'reads a card',
  'POST /api/order/savedCards': 'reads the buyer’s cards for checkout',
  'POST /api/paymentbilling/planList': 'reads plans',
  'POST /api/paymentbilling/instrumentTeacher': 'reads teachers',
  'POST /api/invoices/refundPayment': 'staff refund as themselves; a family has no refund',
  'POST /api/invoices/recordPayment': 'staff record a payment made outside Cadenza; no card',
  'POST /api/schoolBilling/payMyPlan': 'the school’s own card, for its admin; no family reaches it',
  'GET /api/schoolBilling/myPlan': 'reads the school’s plan',
  'POST /api/bookPlan/bookplanschool': 'the superadmin books a school’s plan as themselves',
  'POST /api/bookPlan/getbookplanschool': 'reads bookings',
  'POST /api/bookPlan/updatebookplanschool': 'the superadmin changes a school’s plan as themselves',
  'POST /api/bookPlan/cancelBookPlanSchool': 'the superadmin ends a school’s plan as themselves',
  'POST /api/reports/payments/list': 'reads payments',
  'GET /api/reports/payments/export': 'reads payments',
  'GET /api/reports/payments/details/{id}': 'reads a payment',
  'POST /api/studentBilling/cancelBookPlan': 'ends a plan: stops charges, uses no card',
  'POST /api/bookPlan/planUpgradeEmail': 'the superadmin emails a school',
  'POST /api/bookPlan/schoolPlan': 'the superadmin reads a school’s plan state',
  'POST /api/bookPlan/endOrExtend': 'the superadmin ends or extends a school’s plan by hand; no card',
  'POST /api/bookPlan/planStates': 'the superadmin reads the plan states of a page of schools',
};

describe('the flagged routes are the card routes', () => {
  it('flags exactly the expected routes', () => {
    expect(flagged.map(routeName).sort()).toEqual([...EXPECTED_FLAGGED].sort());
  });

  it('every route whose path looks like money is flagged or listed with a reason', () => {
    const unreviewed = operations.map(routeName)
      .filter((name) => LOOKS_LIKE_MONEY.test(name) && !EXPECTED_FLAGGED.includes(name) && !(name in NOT_A_FAMILY_CARD));
    expect(unreviewed).toEqual([]);
  });

  it('every flagged route also says it moves money', () => {
    type Meta = OpenApiOperation & { 'x-moves-money'?: boolean };
    expect(flagged.filter((o) => (o.op as Meta)['x-moves-money'] !== true).map(routeName)).toEqual([]);
  });

  it('lists no reviewed route that is gone or flagged', () => {
    const names = operations.map(routeName);
    expect(Object.keys(NOT_A_FAMILY_CARD).filter((name) => !names.includes(name) || EXPECTED_FLAGGED.includes(name))).toEqual([]);
  });
});

type Pair = { label: string; realId: string; actingId: string; actingRole: Role; allowed: boolean };
const PAIRS: Pair[] = [
  { label: 'a teacher as their student', realId: a.teacher.id, actingId: a.student.id, actingRole: 'student', allowed: false },
  { label: 'a sub-admin as a student', realId: a.subadmin.id, actingId: a.student.id, actingRole: 'student', allowed: false },
  { label: 'an admin as a student', realId: a.admin.id, actingId: a.student.id, actingRole: 'student', allowed: false },
  { label: 'the superadmin as a student', realId: superadmin.id, actingId: a.student.id, actingRole: 'student', allowed: false },
  { label: 'a sub-admin as a parent', realId: a.subadmin.id, actingId: a.parent.id, actingRole: 'parent', allowed: false },
  { label: 'an admin as a parent', realId: a.admin.id, actingId: a.parent.id, actingRole: 'parent', allowed: false },
  { label: 'the superadmin as a parent', realId: superadmin.id, actingId: a.parent.id, actingRole: 'parent', allowed: false },
  { label: 'a parent as their own child', realId: a.parent.id, actingId: a.student.id, actingRole: 'student', allowed: true },
];
const tokens = new Map<Pair, string>();
for (const pair of PAIRS) tokens.set(pair, await sessionToken(t, pair.actingId, { actorUserId: pair.realId }));

const NIL_UUID = '00000000-0000-4000-8000-000000000000';
const admits = (op: OpenApiOperation, role: Role) => op['x-roles'] === 'signedIn' || (Array.isArray(op['x-roles']) && op['x-roles'].includes(role));

describe('a family’s cards in a login-as', () => {
  it.each(flagged.map((o) => [routeName(o), o] as const))('%s', async (_name, { method, url, op }) => {
    const before = await databaseFingerprint(t.db);
    const failures: string[] = [];
    for (const pair of PAIRS) {
      const res = await t.call(method, url.replace(/\{[^}]+\}/g, NIL_UUID), { token: tokens.get(pair)!, body: method === 'GET' ? undefined : {} });
      const refusedForCards = res.status === 403 && res.body.message === FAMILY_CARD_MESSAGE;
      if (pair.allowed) {
        if (refusedForCards) failures.push(`${pair.label}: refused with the login-as message`);
      } else if (!admits(op, pair.actingRole)) {
        // The route's guard refuses this role itself (checkout takes no parent): still a 403.
        if (res.status !== 403) failures.push(`${pair.label}: ${res.status} ${res.body.message}, not a 403`);
      } else if (!refusedForCards) {
        failures.push(`${pair.label}: ${res.status} ${res.body.message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });
});

describe('with a real card and a real cart', () => {
  const CARD = { cardNo: '4111111111111111', cardCode: '123' };
  const ADDRESS = {
    first_name: 'Ana', last_name: 'Lone', address1: '1 Elsewhere Road', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
    country: 'US', cellPhone: '(217) 555-0148', email: 'elsewhere@example.test',
  };

  it('an admin as a student cannot check out with the student’s saved card; the student can', async () => {
    // A student without a parent keeps their own cards (docs/domains/billing.md).
    const lone = await createUser(t.db, 'student', a.adminId);
    const own = await sessionToken(t, lone.id);
    const asStudent = await sessionToken(t, lone.id, { actorUserId: a.admin.id });
    const year = String(new Date().getUTCFullYear() + 3);
    const card = await t.call('POST', '/api/studentBilling/addToCard', {
      token: own,
      body: { ...CARD, expMonth: '12', expYear: year, firstName: 'Ana', lastName: 'Lone', email: 'ana@example.test', cellPhone: ADDRESS.cellPhone, address1: 'x 1', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
    });
    expect(card.status).toBe(200);
    const admin = await sessionToken(t, a.admin.id);
    const product = await t.call('POST', '/api/store/addstore', {
      token: admin, body: { item_name: 'Login-as Book', item_code: 'LB', item_price: '10.00', quantity: 5, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null },
    });
    expect((await t.call('POST', '/api/order/addUserOrderAddress', { token: own, body: ADDRESS })).status).toBe(200);
    expect((await t.call('POST', '/api/cart/addtoCart', { token: own, body: { storeId: product.body.data._id, quantity: 1 } })).status).toBe(200);
    const before = await databaseFingerprint(t.db);
    const refused = await t.call('POST', '/api/order/addtoOrder', { token: asStudent, body: { cardId: card.body.data.cardId, idempotencyKey: 'login-as-checkout-1' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FAMILY_CARD_MESSAGE);
    const removed = await t.call('DELETE', '/api/studentBilling/removeCard', { token: asStudent, body: { cardId: card.body.data.cardId } });
    expect(removed.body.message).toBe(FAMILY_CARD_MESSAGE);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    // Reading the cards stays open to the one acting as the student.
    expect((await t.call('POST', '/api/order/savedCards', { token: asStudent, body: {} })).status).toBe(200);

    const placed = await t.call('POST', '/api/order/addtoOrder', { token: own, body: { cardId: card.body.data.cardId, idempotencyKey: 'login-as-checkout-2' } });
    expect(placed.status).toBe(200);
    expect(placed.body.data.order.status).toBe('paid');
  });

  it('the session says whether the cards may be used: not by staff acting, yes by a parent acting as their child', async () => {
    for (const pair of PAIRS) {
      const me = await t.call('GET', '/api/auth/me', { token: tokens.get(pair)! });
      expect(me.body.data.user.permissions.usesFamilyCards, pair.label).toBe(pair.allowed);
    }
    const own = await t.call('GET', '/api/auth/me', { token: await sessionToken(t, a.student.id) });
    expect(own.body.data.user.permissions.usesFamilyCards).toBe(true);
    // The login-as answer itself, which the web stores before any /auth/me.
    const started = await t.call('POST', '/api/auth/local/loginas', { token: await sessionToken(t, a.admin.id), body: { userId: a.student.id } });
    expect(started.status).toBe(200);
    expect(started.body.data.user.permissions.usesFamilyCards).toBe(false);
    const byParent = await t.call('POST', '/api/auth/local/loginas', { token: await sessionToken(t, a.parent.id), body: { userId: a.student.id } });
    expect(byParent.body.data.user.permissions.usesFamilyCards).toBe(true);
  });
});
