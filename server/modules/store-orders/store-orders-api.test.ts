import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailMessages, notifications, schools, storeOrders, storeProducts } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { DECLINE_ZIP } from '../../services/payments/sandbox-cards.js';
import { ORDER_MESSAGES as M } from '../../../shared/contracts/store-orders.js';
import { patient } from '../../../tests/patience.js';

/**
 * The store's buying side (issue 16, decision 046): the cart and its server-made totals, the kept
 * address, checkout charged once through the sandbox gateway, stock that never goes below zero,
 * orders seen by buyer, store staff and superadmin, their statuses, refunds and stock put back.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let off: TestSchool;
type Who = 'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'studentB' | 'studentOff' | 'superadmin';
let tok: Record<Who, string>;
let keySeq = 0;
const key = () => `checkout-key-${Date.now()}-${++keySeq}`;

const NIL = '00000000-0000-4000-8000-000000000000';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown, status = 200) => expectCall(t, method, url, { token, body, status });
const product = async (token: string, over: Record<string, unknown> = {}) => (await call('POST', '/api/store/addstore', token, {
  item_name: 'Lesson Book', item_code: 'BK', item_price: '10.00', quantity: 20, shipping_cost: '2.50', tax_applicable: true, item_image: null, select_category: null, ...over,
})).data._id as string;
const stockOf = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ s: storeProducts.stock }).from(storeProducts).where(eq(storeProducts.id, id))))[0]!.s;
const ADDRESS = {
  first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
  country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
};
const CARD = { cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' };

beforeAll(async () => {
  t = await createTestApp();
  [a, b, off] = [await createSchool(t.db), await createSchool(t.db), await createSchool(t.db)];
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    for (const s of [a, b]) await tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, s.adminId));
  });
  const superadmin = await createUser(t.db, 'superadmin', null);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    studentB: await sessionToken(t, b.student.id), studentOff: await sessionToken(t, off.student.id), superadmin: await sessionToken(t, superadmin.id),
  };
});
afterAll(() => t.close());

describe('the cart', () => {
  it('adds, sets and removes lines, with totals computed on the server whatever the client sends', async () => {
    const book = await product(tok.admin, { item_name: 'Cart Book', item_price: '10.00', shipping_cost: '2.50', tax_applicable: true });
    const cloth = await product(tok.admin, { item_name: 'Cart Cloth', item_price: '4.00', shipping_cost: null, tax_applicable: false });
    expect((await call('POST', '/api/order/setTaxRate', tok.admin, { taxRate: 8.25 })).data).toEqual({ taxRate: 8.25 });
    await call('POST', '/api/cart/addtoCart', tok.teacher, { storeId: book, quantity: 1, add: true });
    const twice = await call('POST', '/api/cart/addtoCart', tok.teacher, { storeId: book, quantity: 1, add: true, subTotal: 1, grandTotal: 1 });
    expect(twice.message).toBe(M.addedToCart);
    expect(twice.data.results.map((r: { quantity: number }) => r.quantity)).toEqual([2]);
    const cart = (await call('POST', '/api/cart/addtoCart', tok.teacher, { storeId: cloth, quantity: 3 })).data;
    // 2 × 10.00 + 3 × 4.00 = 32.00; tax 8.25 % of the taxable 20.00 = 1.65; shipping 2 × 2.50.
    expect(cart).toMatchObject({ subTotal: 32, tax: 1.65, taxRate: 8.25, totalShippingCost: 5, grandTotal: 38.65, count: 5, store: 'school' });
    const down = (await call('POST', '/api/cart/addtoCart', tok.teacher, { storeId: book, quantity: 1 })).data;
    expect(down).toMatchObject({ subTotal: 22, tax: 0.83, totalShippingCost: 2.5, grandTotal: 25.33 });
    const removed = await call('POST', '/api/cart/removeCart', tok.teacher, { storeId: cloth });
    expect(removed.data.results).toHaveLength(1);
    await call('POST', '/api/cart/removeCart', tok.teacher, { storeId: cloth }, 404);
    expect((await call('POST', '/api/cart/viewCart', tok.teacher, {})).data).toMatchObject({ subTotal: 10, count: 1 });
    await call('POST', '/api/cart/removeCart', tok.teacher, { storeId: book });
    expect((await call('POST', '/api/order/setTaxRate', tok.admin, { taxRate: 0 })).data).toEqual({ taxRate: 0 });
  });

  it('refuses more than the stock, a second store in one cart, bad input, strangers and closed stores', async () => {
    const few = await product(tok.admin, { item_name: 'Few Left', quantity: 2 });
    const res = await t.call('POST', '/api/cart/addtoCart', { token: tok.subadmin, body: { storeId: few, quantity: 3 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.onlyLeft('Few Left', 2));
    const violin = await product(tok.superadmin, { item_name: 'Provider Fiddle', quantity: 5 });
    await call('POST', '/api/cart/addtoCart', tok.subadmin, { storeId: few, quantity: 1 });
    expect((await t.call('POST', '/api/cart/addtoCart', { token: tok.subadmin, body: { storeId: violin, quantity: 1 } })).body.message).toBe(M.otherStore);
    await call('POST', '/api/cart/removeCart', tok.subadmin, { storeId: few });
    const bad = await t.call('POST', '/api/cart/addtoCart', { token: tok.subadmin, body: { storeId: few, quantity: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ quantity: M.quantityInvalid });
    await call('POST', '/api/cart/addtoCart', tok.subadmin, { storeId: 'nope', quantity: 1 }, 400);
    await call('POST', '/api/cart/viewCart', '', {}, 401);
    await call('POST', '/api/cart/viewCart', tok.parent, {}, 403);
    await call('POST', '/api/cart/viewCart', tok.superadmin, {}, 403);
    await call('POST', '/api/cart/viewCart', tok.studentOff, {}, 403);
    // Another school's item is not found.
    await call('POST', '/api/cart/addtoCart', tok.studentB, { storeId: few, quantity: 1 }, 404);
    await call('POST', '/api/cart/addtoCart', tok.studentB, { storeId: NIL, quantity: 1 }, 404);
  });
});

describe('the kept address', () => {
  it('saves one address a user and shows it back', async () => {
    expect((await call('POST', '/api/order/viewAddress', tok.subadmin, {})).data).toBeNull();
    await call('POST', '/api/order/addUserOrderAddress', tok.subadmin, { ...ADDRESS, city: 'Chicago' });
    const saved = await call('POST', '/api/order/addUserOrderAddress', tok.subadmin, ADDRESS);
    expect(saved.message).toBe(M.addressSaved);
    expect((await call('POST', '/api/order/viewAddress', tok.subadmin, {})).data).toMatchObject({ ...ADDRESS, _id: saved.data._id });
    const bad = await t.call('POST', '/api/order/addUserOrderAddress', { token: tok.subadmin, body: { ...ADDRESS, city: '', email: 'x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['city', 'email']);
    await call('POST', '/api/order/addUserOrderAddress', '', ADDRESS, 401);
    await call('POST', '/api/order/addUserOrderAddress', tok.parent, ADDRESS, 403);
  });
});

describe('checkout', () => {
  it('charges the school’s gateway once, takes the stock, empties the cart and tells the buyer', async () => {
    const book = await product(tok.admin, { item_name: 'Checkout Book', quantity: 5 });
    await call('POST', '/api/order/addUserOrderAddress', tok.student, ADDRESS);
    await call('POST', '/api/cart/addtoCart', tok.student, { storeId: book, quantity: 1, add: true });
    await call('POST', '/api/cart/addtoCart', tok.student, { storeId: book, quantity: 1, add: true });
    const k = key();
    const placed = await call('POST', '/api/order/addtoOrder', tok.student, { ...CARD, idempotencyKey: k, grandTotal: 0.01 });
    const order = placed.data.order;
    expect(placed.message).toBe(M.orderPlaced(order.orderNo));
    expect(order).toMatchObject({
      status: 'paid', store: 'school', subTotal: 20, totalShippingCost: 5, grandTotal: 25, itemCount: 2,
      addressId: { address1: '48 Maple Avenue', postal_code: '62704' }, payment: { cardBrand: 'Visa', cardLast4: '1111', testMode: true },
    });
    expect(order.orderNo).toMatch(/^#\d{4,}$/);
    expect(order.items).toMatchObject([{ storeId: { item_name: 'Checkout Book', item_code: 'BK' }, price: 10, quantity: 2, total: 20 }]);
    expect(order.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'paid']);
    expect(await stockOf(book)).toBe(3);
    expect((await call('POST', '/api/cart/viewCart', tok.student, {})).data.results).toEqual([]);
    // The same key again: the same order, nothing charged or taken again.
    const again = await call('POST', '/api/order/addtoOrder', tok.student, { ...CARD, idempotencyKey: k });
    expect(again.data).toMatchObject({ replayed: true, order: { _id: order._id } });
    expect(await stockOf(book)).toBe(3);
    const emails = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.kind, 'store-order'), eq(emailMessages.userId, a.student.id))));
    expect(emails.map((e) => e.subject)).toEqual([`Order ${order.orderNo} is placed`]);
    // The account's address of record, not the one typed with the shipping address (decision 069).
    expect(emails[0]!.toAddress).toBe(a.student.email);
    expect(a.student.email).not.toBe(ADDRESS.email);
    const bell = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(notifications).where(and(eq(notifications.kind, 'store-order'), eq(notifications.userId, a.student.id))));
    expect(bell).toHaveLength(1);
  });

  it('charges the tax the school’s rate puts on the taxed items, in cents, to a card typed as printed (decision 074)', async () => {
    const taxed = await product(tok.admin, { item_name: 'Taxed Stand', item_price: '19.99', shipping_cost: '8.00', tax_applicable: true, quantity: 5 });
    const untaxed = await product(tok.admin, { item_name: 'Untaxed Book', item_price: '8.99', shipping_cost: null, tax_applicable: false, quantity: 5 });
    await call('POST', '/api/order/setTaxRate', tok.admin, { taxRate: 7.5 });
    await call('POST', '/api/order/addUserOrderAddress', tok.subadmin, ADDRESS);
    await call('POST', '/api/cart/addtoCart', tok.subadmin, { storeId: taxed, quantity: 3 });
    const cart = (await call('POST', '/api/cart/addtoCart', tok.subadmin, { storeId: untaxed, quantity: 1 })).data;
    // 3 × 19.99 = 59.97 taxed at 7.5 % = 4.49775, rounded once to 4.50; + 8.99 untaxed; shipping 3 × 8.00.
    expect(cart).toMatchObject({ subTotal: 68.96, tax: 4.5, taxRate: 7.5, totalShippingCost: 24, grandTotal: 97.46 });
    const order = (await call('POST', '/api/order/addtoOrder', tok.subadmin, { cardNo: '4111 1111 1111 1111', expDate: '2030-12', cardCode: '123', idempotencyKey: key() })).data.order;
    expect(order).toMatchObject({ status: 'paid', subTotal: 68.96, tax: 4.5, taxRate: 7.5, grandTotal: 97.46, payment: { cardLast4: '1111' } });
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeOrders).where(eq(storeOrders.id, order._id)));
    expect(row).toMatchObject({ taxCents: 450, grandTotalCents: 9_746 });
    // The sandbox's transaction id carries the amount charged: the tax went to the card.
    expect(row!.transactionId).toMatch(/^sbxt_9746_1111_/);
    await call('POST', '/api/order/setTaxRate', tok.admin, { taxRate: 0 });
  });

  it('leaves stock and cart as they were when the card is declined, and names the item out of stock', async () => {
    const book = await product(tok.admin, { item_name: 'Declined Book', quantity: 4 });
    await call('POST', '/api/order/addUserOrderAddress', tok.teacher, { ...ADDRESS, postal_code: DECLINE_ZIP });
    await call('POST', '/api/cart/addtoCart', tok.teacher, { storeId: book, quantity: 2 });
    const declined = await t.call('POST', '/api/order/addtoOrder', { token: tok.teacher, body: { ...CARD, idempotencyKey: key() } });
    expect(declined.status).toBe(400);
    expect(declined.body.message).toMatch(/declined/);
    expect(await stockOf(book)).toBe(4);
    expect((await call('POST', '/api/cart/viewCart', tok.teacher, {})).data.count).toBe(2);
    expect((await call('POST', '/api/order/getorderList', tok.teacher, {})).data.totalCount).toBe(0);

    await call('POST', '/api/order/addUserOrderAddress', tok.teacher, ADDRESS);
    await call('POST', '/api/store/stock/adjust', tok.admin, { productId: book, change: -3, reason: 'Damaged' });
    const short = await t.call('POST', '/api/order/addtoOrder', { token: tok.teacher, body: { ...CARD, idempotencyKey: key() } });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(M.outOfStock('Declined Book'));
    expect(await stockOf(book)).toBe(1);
    expect((await call('POST', '/api/cart/viewCart', tok.teacher, {})).data.results[0]).toMatchObject({ quantity: 2, short: true });
    await call('POST', '/api/cart/removeCart', tok.teacher, { storeId: book });
  });

  it('refuses bad input, an empty cart, strangers and closed stores', async () => {
    const bad = await t.call('POST', '/api/order/addtoOrder', { token: tok.teacher, body: { idempotencyKey: key(), cardNo: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ cardNo: 'Enter a valid card number', expDate: 'Expiry month is required', cardCode: 'Card code (CVV) is required' });
    const spaced = await t.call('POST', '/api/order/addtoOrder', { token: tok.teacher, body: { ...CARD, cardNo: '4111 1111 1111 111', idempotencyKey: key() } });
    expect(spaced.status).toBe(400);
    expect(spaced.body.errors).toEqual({ cardNo: 'Enter a valid card number' });
    expect((await t.call('POST', '/api/order/addtoOrder', { token: tok.teacher, body: { ...CARD, idempotencyKey: key() } })).body.message).toBe(M.cartEmpty);
    await call('POST', '/api/order/addtoOrder', '', { ...CARD, idempotencyKey: key() }, 401);
    await call('POST', '/api/order/addtoOrder', tok.parent, { ...CARD, idempotencyKey: key() }, 403);
    await call('POST', '/api/order/addtoOrder', tok.studentOff, { ...CARD, idempotencyKey: key() }, 403);
  });

  it('sells the provider’s items in the provider’s scope: its stock, its list, the buyer’s list', async () => {
    const fiddle = await product(tok.superadmin, { item_name: 'Scoped Fiddle', item_price: '100', shipping_cost: '10', quantity: 3 });
    await call('POST', '/api/order/addUserOrderAddress', tok.studentB, ADDRESS);
    await call('POST', '/api/cart/addtoCart', tok.studentB, { storeId: fiddle, quantity: 1 });
    const saved = await t.call('POST', '/api/order/addtoOrder', { token: tok.studentB, body: { cardId: NIL, idempotencyKey: key() } });
    expect(saved.status).toBe(404);
    expect(saved.body.message).toBe(M.cardNotFound);
    const order = (await call('POST', '/api/order/addtoOrder', tok.studentB, { ...CARD, idempotencyKey: key() })).data.order;
    expect(order).toMatchObject({ store: 'provider', storeName: 'Cadenza Store', grandTotal: 110, status: 'paid' });
    expect(await stockOf(fiddle)).toBe(2);
    expect((await call('POST', '/api/order/getorderList', tok.studentB, {})).data.results.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect((await call('POST', '/api/order/orderList', tok.superadmin, { store: 'provider' })).data.results.map((o: { _id: string }) => o._id)).toContain(order._id);
    expect((await call('POST', '/api/order/orderList', tok.adminB, {})).data.results).toEqual([]);
    await call('GET', `/api/order/viewOrder/${order._id}`, tok.adminB, undefined, 404);
    await call('GET', `/api/order/viewOrder/${order._id}`, tok.studentB);
    // The provider's staff ships it.
    expect((await call('POST', '/api/order/updateStatus', tok.superadmin, { orderId: order._id, status: 'shipped' })).data.status).toBe('shipped');
  });
});

describe('a saved card at checkout (decision 053)', () => {
  it('lists the buyer’s own cards (empty for buyers who keep none, never a 403), pays the school’s store with one, and not the provider’s', async () => {
    // A student without a parent keeps their own cards (billing's rule); the one of school a has a parent.
    const lone = await createUser(t.db, 'student', a.adminId);
    const loneTok = await sessionToken(t, lone.id);
    const year = String(new Date().getUTCFullYear() + 3);
    const card = (await call('POST', '/api/studentBilling/addToCard', loneTok, {
      cardNo: CARD.cardNo, expMonth: '12', expYear: year, cardCode: CARD.cardCode, firstName: 'Ana', lastName: 'Lone', email: 'ana@example.test',
      cellPhone: ADDRESS.cellPhone, address1: ADDRESS.address1, city: ADDRESS.city, state: ADDRESS.state, postalCode: ADDRESS.postal_code, country: 'US',
    })).data;
    expect((await call('POST', '/api/order/savedCards', loneTok, {})).data.results)
      .toEqual([expect.objectContaining({ cardId: card.cardId, brand: 'Visa', last4: '1111', expMonth: '12', expYear: year, isDefault: true, expired: false })]);
    for (const who of ['admin', 'subadmin', 'teacher', 'student'] as const) {
      expect((await call('POST', '/api/order/savedCards', tok[who], {})).data.results, who).toEqual([]);
    }
    await call('POST', '/api/order/savedCards', '', {}, 401);
    for (const who of ['parent', 'superadmin', 'studentOff'] as const) await call('POST', '/api/order/savedCards', tok[who], {}, 403);

    const book = await product(tok.admin, { item_name: 'Saved Card Book', item_price: '15.00', shipping_cost: null, quantity: 4 });
    await call('POST', '/api/order/addUserOrderAddress', loneTok, ADDRESS);
    await call('POST', '/api/cart/addtoCart', loneTok, { storeId: book, quantity: 2 });
    const order = (await call('POST', '/api/order/addtoOrder', loneTok, { cardId: card.cardId, idempotencyKey: key() })).data.order;
    expect(order).toMatchObject({ status: 'paid', grandTotal: 30, payment: { cardBrand: 'Visa', cardLast4: '1111', status: 'charged', refunding: false } });
    expect(await stockOf(book)).toBe(2);
    // Another buyer cannot pay with it.
    await call('POST', '/api/cart/addtoCart', tok.teacher, { storeId: book, quantity: 1 });
    await call('POST', '/api/order/addUserOrderAddress', tok.teacher, ADDRESS);
    expect((await t.call('POST', '/api/order/addtoOrder', { token: tok.teacher, body: { cardId: card.cardId, idempotencyKey: key() } })).status).toBe(404);
    await call('POST', '/api/cart/removeCart', tok.teacher, { storeId: book });

    const fiddle = await product(tok.superadmin, { item_name: 'Saved Card Fiddle', quantity: 2 });
    await call('POST', '/api/cart/addtoCart', loneTok, { storeId: fiddle, quantity: 1 });
    const provider = await t.call('POST', '/api/order/addtoOrder', { token: loneTok, body: { cardId: card.cardId, idempotencyKey: key() } });
    expect(provider.status).toBe(400);
    expect(provider.body.errors).toEqual({ cardId: M.savedCardProvider });
    expect(await stockOf(fiddle)).toBe(2);
  });
});

describe('orders and their statuses', () => {
  let orderId: string;
  let book: string;
  beforeAll(async () => {
    book = await product(tok.admin, { item_name: 'Status Book', quantity: 6 });
    await call('POST', '/api/order/addUserOrderAddress', tok.student, ADDRESS);
    await call('POST', '/api/cart/addtoCart', tok.student, { storeId: book, quantity: 3 });
    orderId = (await call('POST', '/api/order/addtoOrder', tok.student, { ...CARD, idempotencyKey: key() })).data.order._id;
  });

  it('lists the buyer’s own orders, paged and by date, and the store’s for its staff', async () => {
    const mine = (await call('POST', '/api/order/getorderList', tok.student, { page: 1, limit: 10 })).data;
    expect(mine.results.every((o: { userId: { _id: string } }) => o.userId._id === a.student.id)).toBe(true);
    expect(mine.results.map((o: { _id: string }) => o._id)).toContain(orderId);
    const future = (await call('POST', '/api/order/getorderList', tok.student, { startdate: '2099-01-01' }, 400));
    expect(future.errors).toHaveProperty('startdate');
    const old = (await call('POST', '/api/order/getorderList', tok.student, { startdate: '2020-01-01', enddate: '2020-01-02' })).data;
    expect(old.totalCount).toBe(0);
    await call('POST', '/api/order/getorderList', tok.student, { startdate: '2020-02-01', enddate: '2020-01-01' }, 400);
    const store = (await call('POST', '/api/order/orderList', tok.admin, {})).data;
    expect(store.limit).toBe(10);
    expect(store.results.map((o: { _id: string }) => o._id)).toContain(orderId);
    expect(store.results.every((o: { store: string }) => o.store === 'school')).toBe(true);
    await call('POST', '/api/order/orderList', tok.student, {}, 403);
    await call('POST', '/api/order/orderList', '', {}, 401);
    await call('POST', '/api/order/orderList', tok.admin, { status: 'lost' }, 400);
  });

  it('opens an order for its buyer, its store and the superadmin; no one else', async () => {
    const seen = (await call('GET', `/api/order/viewOrder/${orderId}`, tok.student)).data;
    expect(seen.nextStatuses).toEqual([]);
    expect((await call('GET', `/api/order/viewOrder/${orderId}`, tok.admin)).data.nextStatuses).toEqual(['processing', 'shipped', 'refunded']);
    await call('GET', `/api/order/viewOrder/${orderId}`, tok.superadmin);
    await call('GET', `/api/order/viewOrder/${orderId}`, tok.teacher, undefined, 404);
    await call('GET', `/api/order/viewOrder/${orderId}`, tok.adminB, undefined, 404);
    await call('GET', `/api/order/viewOrder/${NIL}`, tok.admin, undefined, 404);
    await call('GET', '/api/order/viewOrder/nope', tok.admin, undefined, 400);
    await call('GET', `/api/order/viewOrder/${orderId}`, '', undefined, 401);
  });

  it('moves it along the allowed transitions, emails the buyer, and a refund puts the stock back', async () => {
    await call('POST', '/api/order/updateStatus', tok.student, { orderId, status: 'shipped' }, 403);
    await call('POST', '/api/order/updateStatus', tok.adminB, { orderId, status: 'shipped' }, 404);
    await call('POST', '/api/order/updateStatus', tok.admin, { orderId, status: 'lost' }, 400);
    await call('POST', '/api/order/updateStatus', '', { orderId, status: 'shipped' }, 401);
    const shipped = await call('POST', '/api/order/updateStatus', tok.subadmin, { orderId, status: 'shipped' });
    expect(shipped).toMatchObject({ message: M.statusUpdated, data: { status: 'shipped', nextStatuses: ['delivered', 'refunded'] } });
    const back = await t.call('POST', '/api/order/updateStatus', { token: tok.admin, body: { orderId, status: 'paid' } });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(M.statusNotAllowed('shipped', 'paid'));
    expect(await stockOf(book)).toBe(3);
    const refunded = (await call('POST', '/api/order/updateStatus', tok.admin, { orderId, status: 'refunded' })).data;
    expect(refunded).toMatchObject({ status: 'refunded', payment: { refunded: 37.5 }, nextStatuses: [] });
    expect(refunded.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'paid', 'shipped', 'refunded']);
    expect(await stockOf(book)).toBe(6);
    await call('POST', '/api/order/updateStatus', tok.admin, { orderId, status: 'refunded' }, 409);
    const news = (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'store-order'))))
      .filter((e) => e.textBody.includes(refunded.orderNo));
    expect(news.map((e) => e.subject)).toEqual(expect.arrayContaining([`Order ${refunded.orderNo} is now Shipped`, `Order ${refunded.orderNo} is now Refunded`]));
    // Shipping news too goes to the buyer account's address, not the one typed at checkout (decision 069).
    expect(new Set(news.map((e) => e.toAddress))).toEqual(new Set([a.student.email]));
  });

  it('archives an ordered item instead of deleting it', async () => {
    await call('DELETE', '/api/store/removeStore', tok.admin, { id: book });
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeProducts).where(eq(storeProducts.id, book)));
    expect(row!.archivedAt).not.toBeNull();
    expect((await call('POST', '/api/store/getStoreList', tok.admin, { item_name: 'Status Book' })).data.results).toEqual([]);
    expect((await call('GET', `/api/order/viewOrder/${orderId}`, tok.student)).data.items[0].storeId.item_name).toBe('Status Book');
    const fresh = await product(tok.admin, { item_name: 'Never Ordered' });
    await call('DELETE', '/api/store/removeStore', tok.admin, { id: fresh });
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeProducts).where(eq(storeProducts.id, fresh)))).toEqual([]);
  });

  it('keeps the tax rate the owner’s', async () => {
    await call('POST', '/api/order/setTaxRate', tok.subadmin, { taxRate: 5 }, 403);
    await call('POST', '/api/order/setTaxRate', tok.admin, { taxRate: 101 }, 400);
    await call('POST', '/api/order/setTaxRate', '', { taxRate: 5 }, 401);
    expect((await call('POST', '/api/order/taxRate', tok.adminB, {})).data).toEqual({ taxRate: 0 });
  });
});

describe('the last items', () => {
  it('fifty buyers of the last ten make exactly ten orders and forty clear "out of stock" answers', async () => {
    const last = await product(tok.admin, { item_name: 'Last Ten', quantity: 10, item_price: '5', shipping_cost: null });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser(t.db, 'student', a.adminId)));
    const tokens = await Promise.all(buyers.map((u) => sessionToken(t, u.id)));
    for (const token of tokens) {
      await call('POST', '/api/order/addUserOrderAddress', token, ADDRESS);
      await call('POST', '/api/cart/addtoCart', token, { storeId: last, quantity: 1 });
    }
    const answers = await Promise.all(tokens.map((token) => t.call('POST', '/api/order/addtoOrder', { token, body: { ...CARD, idempotencyKey: key() } })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.status === 409 && r.body.message === M.outOfStock('Last Ten'))).toBe(true);
    expect(await stockOf(last)).toBe(0);
    const orders = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeOrders).where(eq(storeOrders.adminId, a.adminId)));
    const numbers = orders.map((o) => o.orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  }, patient(120_000));
});
