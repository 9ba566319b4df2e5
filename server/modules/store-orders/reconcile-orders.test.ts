import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { emailMessages, merchantAccounts, schools, storeCartItems, storeOrders, storeOrderStatusChanges, storeProducts, storeStockAdjustments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/http-errors.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { actorOfToken } from '../../plugins/auth.js';
import { gatewayForSchool, type GatewayFor } from '../../services/payments/gateway-for-school.js';
import { DECLINE_ZIP } from '../../services/payments/sandbox-cards.js';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../test/fake-authorizenet.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { ORDER_MESSAGES as M, formatOrderNumber } from '../../../shared/contracts/store-orders.js';
import { GIVE_UP_AFTER_MS, STALE_ATTEMPT_MS } from '../billing/index.js';
import { spyGateway } from '../../test/spy-gateway.js';
import { placeOrder, type CheckoutServices } from './checkout.js';
import { updateOrderStatus } from './order-status.js';
import { reconcileStoreOrders } from './reconcile-orders.js';

/**
 * The reconcile-store-orders job (decision 053): a checkout or a refund whose gateway answer was
 * lost is settled from what the gateway knows, once however many runs race. Authorize.Net's side
 * is the local fake that keeps its transactions (Riverside-like school `a`); the sandbox, which
 * keeps nothing, loses its answers through billing's spy gateway (school `b`).
 */
let fake: FakeAuthorizeNet;
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let services: CheckoutServices;
let sandboxServices: CheckoutServices;
const sandbox = spyGateway();
let buyerA: Actor;
let staffA: Actor;
let buyerB: Actor;
let keySeq = 0;

const ADDRESS = {
  first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
  country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
};
const CARD = { cardNo: '4111111111111111', expDate: `${new Date().getUTCFullYear() + 3}-12`, cardCode: '123' };
const later = (ms = STALE_ATTEMPT_MS + 1_000) => new Date(Date.now() + ms);

const call = async (method: 'POST' | 'GET', url: string, token: string, body?: unknown) => (await expectCall(t, method, url, { token, body })).data;

beforeAll(async () => {
  fake = await startFakeAuthorizeNet();
  t = await createTestApp({ ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  [a, b] = [await createSchool(t.db), await createSchool(t.db)];
  const box = secretBoxOf(t.services.config);
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    for (const s of [a, b]) await tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, s.adminId));
    await tx.insert(merchantAccounts).values({
      adminId: a.adminId, gateway: 'authorizenet', environment: 'sandbox',
      apiLoginIdEncrypted: box.seal(fake.apiLoginId), apiLoginIdLast4: 'x', transactionKeyEncrypted: box.seal(fake.transactionKey), transactionKeyLast4: 'x',
    });
  });
  const fakeFor: GatewayFor = (tx, adminId) => gatewayForSchool(tx, adminId, box, { apiUrl: fake.url, timeoutMs: 1_500 });
  services = { config: t.services.config, gatewayFor: fakeFor };
  sandboxServices = { config: t.services.config, gatewayFor: async () => sandbox };
  const actorOf = async (id: string) => (await actorOfToken(t.services.db, await sessionToken(t, id), null))!;
  [buyerA, staffA, buyerB] = [await actorOf(a.student.id), await actorOf(a.admin.id), await actorOf(b.student.id)];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A product of the buyer's school in the buyer's cart, and their address kept: ready to check out. */
async function cartWith(buyer: TestSchool['student'], admin: TestSchool['admin'], over: { quantity?: number; postal_code?: string } = {}) {
  const [adminToken, buyerToken] = [await sessionToken(t, admin.id), await sessionToken(t, buyer.id)];
  const productId = (await call('POST', '/api/store/addstore', adminToken, {
    item_name: `Reconcile Book ${++keySeq}`, item_code: 'RB', item_price: '12.00', quantity: 10, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null,
  }))._id as string;
  await call('POST', '/api/order/addUserOrderAddress', buyerToken, { ...ADDRESS, postal_code: over.postal_code ?? ADDRESS.postal_code });
  await call('POST', '/api/cart/addtoCart', buyerToken, { storeId: productId, quantity: over.quantity ?? 2 });
  return productId;
}

/** A checkout whose answer is lost: the buyer reads 503 and the order stays charging. */
async function lostCheckout(db: Database, s: CheckoutServices, buyer: Actor): Promise<string> {
  const key = `reconcile-${Date.now()}-${++keySeq}`;
  const answer = await placeOrder(db, s, buyer, { idempotencyKey: key, ...CARD }).catch((e: unknown) => e);
  expect(answer).toMatchObject({ status: 503, message: M.chargeUnknown });
  const [order] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeOrders).where(and(eq(storeOrders.userId, buyer.id), eq(storeOrders.idempotencyKey, key))));
  expect(order!.paymentStatus).toBe('charging');
  return order!.id;
}

const orderOf = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeOrders).where(eq(storeOrders.id, id))))[0]!;
const stockOf = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ s: storeProducts.stock }).from(storeProducts).where(eq(storeProducts.id, id))))[0]!.s;
const cartOf = (userId: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeCartItems).where(eq(storeCartItems.userId, userId)));
const historyOf = async (orderId: string) =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeOrderStatusChanges).where(eq(storeOrderStatusChanges.orderId, orderId)))).map((h) => h.toStatus).sort();
const emailsAbout = async (userId: string, orderNumber: number) => (await t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(emailMessages).where(and(eq(emailMessages.kind, 'store-order'), eq(emailMessages.userId, userId)))))
  .filter((e) => e.subject.includes(formatOrderNumber(orderNumber))).map((e) => e.subject);
const approvedAtGateway = (orderNumber: number, type = 'authCaptureTransaction') =>
  [...fake.transactions.values()].filter((x) => x.invoiceNumber === `ORDER-${orderNumber}` && x.type === type && x.responseCode === '1');

describe('reconcileStoreOrders: charges', () => {
  it('an approval whose answer was lost: the order is paid as checkout would have, once, and the bought lines leave the cart', async () => {
    const product = await cartWith(a.student, a.admin);
    fake.mode = 'drop';
    const id = await lostCheckout(t.services.db, services, buyerA).finally(() => { fake.mode = 'normal'; });
    expect(await stockOf(product)).toBe(8);
    // Not stale yet: nothing is asked.
    expect(await reconcileStoreOrders(t.services.db, services, new Date())).toEqual({ settled: 0, waiting: 0 });
    expect(await reconcileStoreOrders(t.services.db, services, later())).toEqual({ settled: 1, waiting: 0 });
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'charged', transactionId: approvedAtGateway(order.orderNumber)[0]!.transId });
    expect(await historyOf(id)).toEqual(['paid', 'pending']);
    expect(await cartOf(a.student.id)).toHaveLength(0);
    expect(await stockOf(product)).toBe(8);
    expect(await emailsAbout(a.student.id, order.orderNumber)).toEqual([`Order ${formatOrderNumber(order.orderNumber)} is placed`]);
    // The same key again answers the paid order; the gateway made one charge in all.
    expect(approvedAtGateway(order.orderNumber)).toHaveLength(1);
    expect(await reconcileStoreOrders(t.services.db, services, later())).toEqual({ settled: 0, waiting: 0 });
  });

  it('a decline whose answer was lost: declined with the gateway’s words, stock back with its reason, the buyer told', async () => {
    const product = await cartWith(a.student, a.admin, { postal_code: DECLINE_ZIP });
    fake.mode = 'drop';
    const id = await lostCheckout(t.services.db, services, buyerA).finally(() => { fake.mode = 'normal'; });
    await reconcileStoreOrders(t.services.db, services, later());
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'declined', paymentMessage: 'This transaction has been declined.' });
    expect(await stockOf(product)).toBe(10);
    const adjustments = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeStockAdjustments).where(eq(storeStockAdjustments.productId, product)));
    expect(adjustments.map((r) => [r.change, r.reason]).slice(-1)).toEqual([[2, `Order ${formatOrderNumber(order.orderNumber)} declined`]]);
    expect(await cartOf(a.student.id)).toHaveLength(1);
    expect(await emailsAbout(a.student.id, order.orderNumber)).toEqual([`Order ${formatOrderNumber(order.orderNumber)} did not go through`]);
    // A declined attempt is no order: its page is not found.
    const res = await t.call('GET', `/api/order/viewOrder/${id}`, { token: await sessionToken(t, a.student.id) });
    expect(res.status).toBe(404);
    await call('POST', '/api/cart/removeCart', await sessionToken(t, a.student.id), { storeId: product });
  });

  it('the sandbox, which keeps nothing, finds no charge: the order is declined, the stock back, and the buyer may order again', async () => {
    const product = await cartWith(b.student, b.admin);
    sandbox.loseAnswers = true;
    const id = await lostCheckout(t.services.db, sandboxServices, buyerB).finally(() => { sandbox.loseAnswers = false; });
    expect(sandbox.charges).toBe(1);
    expect(await reconcileStoreOrders(t.services.db, sandboxServices, later())).toMatchObject({ settled: 1 });
    const order = await orderOf(id);
    expect(order).toMatchObject({ paymentStatus: 'declined', paymentMessage: expect.stringContaining('No charge was made') });
    expect(await stockOf(product)).toBe(10);
    const [mail] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages)
      .where(and(eq(emailMessages.userId, b.student.id), eq(emailMessages.subject, `Order ${formatOrderNumber(order.orderNumber)} did not go through`))));
    expect(mail!.textBody).toContain('No charge was made');
    const again = await placeOrder(t.services.db, sandboxServices, buyerB, { idempotencyKey: `again-${++keySeq}`, ...CARD });
    expect(again.order).toMatchObject({ status: 'paid', paymentStatus: 'charged' });
    expect(await stockOf(product)).toBe(8);
  });

  it('while the gateway cannot be asked the order waits; after three days it is declined for the office to check', async () => {
    const product = await cartWith(a.student, a.admin);
    fake.mode = 'http500';
    try {
      const id = await lostCheckout(t.services.db, services, buyerA);
      expect(await reconcileStoreOrders(t.services.db, services, later())).toEqual({ settled: 0, waiting: 1 });
      expect((await orderOf(id)).paymentStatus).toBe('charging');
      expect(await reconcileStoreOrders(t.services.db, services, later(GIVE_UP_AFTER_MS + 1_000))).toEqual({ settled: 1, waiting: 0 });
      expect(await orderOf(id)).toMatchObject({ paymentStatus: 'declined', paymentMessage: expect.stringContaining('check the merchant account') });
      expect(await stockOf(product)).toBe(10);
    } finally {
      fake.mode = 'normal';
    }
    await call('POST', '/api/cart/removeCart', await sessionToken(t, a.student.id), { storeId: product });
  });

  it('runs racing each other (two nodes) settle the order once', async () => {
    await cartWith(a.student, a.admin);
    fake.mode = 'drop';
    const id = await lostCheckout(t.services.db, services, buyerA).finally(() => { fake.mode = 'normal'; });
    const runs = await Promise.all([1, 2, 3].map(() => reconcileStoreOrders(t.services.db, services, later())));
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(1);
    const order = await orderOf(id);
    expect(order.status).toBe('paid');
    expect(await historyOf(id)).toEqual(['paid', 'pending']);
    expect(await emailsAbout(a.student.id, order.orderNumber)).toHaveLength(1);
  });
});

describe('reconcileStoreOrders: the refund lease', () => {
  /** A paid order of school a, settled at the gateway (a refund needs a settled charge). */
  async function paidOrder(): Promise<{ id: string; product: string }> {
    const product = await cartWith(a.student, a.admin);
    const placed = await placeOrder(t.services.db, services, buyerA, { idempotencyKey: `paid-${++keySeq}`, ...CARD });
    fake.settle();
    return { id: placed.order.id, product };
  }

  it('a refund made and its answer lost: the job finds it and the order is refunded, the stock back, once', async () => {
    const { id, product } = await paidOrder();
    fake.mode = 'drop';
    const lost = await updateOrderStatus(t.services.db, services, staffA, id, 'refunded').catch((e: AppError) => e).finally(() => { fake.mode = 'normal'; });
    expect(lost).toMatchObject({ status: 503 });
    expect((await orderOf(id)).refundTransactionId).toBe('refunding');
    // The lease holds every move (the page offers none) until it is settled.
    const held = await updateOrderStatus(t.services.db, services, staffA, id, 'shipped').catch((e: AppError) => e);
    expect(held).toMatchObject({ status: 409 });
    const staffView = await call('GET', `/api/order/viewOrder/${id}`, await sessionToken(t, a.admin.id));
    expect(staffView).toMatchObject({ nextStatuses: [], payment: { refunding: true, status: 'charged' } });

    const runs = await Promise.all([1, 2].map(() => reconcileStoreOrders(t.services.db, services, later())));
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(1);
    const order = await orderOf(id);
    const [refund] = approvedAtGateway(order.orderNumber, 'refundTransaction');
    expect(order).toMatchObject({ status: 'refunded', refundTransactionId: refund!.transId, refundedCents: order.grandTotalCents });
    expect(approvedAtGateway(order.orderNumber, 'refundTransaction')).toHaveLength(1);
    expect(await stockOf(product)).toBe(10);
    expect(await historyOf(id)).toEqual(['paid', 'pending', 'refunded']);
  });

  it('a refund the gateway never received: the lease is released and the staff may refund again', async () => {
    const { id } = await paidOrder();
    fake.mode = 'http500';
    const lost = await updateOrderStatus(t.services.db, services, staffA, id, 'refunded').catch((e: AppError) => e).finally(() => { fake.mode = 'normal'; });
    expect(lost).toMatchObject({ status: 503 });
    expect(await reconcileStoreOrders(t.services.db, services, later())).toEqual({ settled: 1, waiting: 0 });
    expect(await orderOf(id)).toMatchObject({ status: 'paid', refundTransactionId: null, paymentMessage: expect.stringContaining('No refund was made') });
    const refunded = await updateOrderStatus(t.services.db, services, staffA, id, 'refunded');
    expect(refunded.status).toBe('refunded');
    expect(approvedAtGateway(refunded.orderNumber, 'refundTransaction')).toHaveLength(1);
  });

  it('with nothing due it costs one query', async () => {
    await reconcileStoreOrders(t.services.db, services, later(GIVE_UP_AFTER_MS * 2));
    let transactions = 0;
    const counting: Database = { ...t.services.db, transaction: (scope, fn) => { transactions += 1; return t.services.db.transaction(scope, fn); } };
    expect(await reconcileStoreOrders(counting, services, later())).toEqual({ settled: 0, waiting: 0 });
    expect(transactions).toBe(1);
  });
});
