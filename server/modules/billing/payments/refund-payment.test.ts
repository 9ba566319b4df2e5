import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type ApiBody, type TestApp } from '../../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createInvoice, recordCashPayment } from '../../../test/invoice-factory.js';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test/fake-authorizenet.js';
import { auditEvents, merchantAccounts, payments } from '../../../db/schema/index.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { gatewayForSchool } from '../../../services/payments/gateway-for-school.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { chargeInvoice, STALE_ATTEMPT_MS, type PaymentServices } from './charge-invoice.js';
import { reconcilePendingPayments } from './reconcile-pending.js';
import { httpStatusOfRefund, refundPayment } from './refund-payment.js';
import { BILL_TO, invoiceRow, paymentsOf, VISA } from './test-kit.js';

/**
 * POST /api/invoices/refundPayment (issue 11): staff refund the whole or a part of a payment; a
 * card's through the school's gateway (the sandbox, or Authorize.Net: here a local server).
 */
let fake: FakeAuthorizeNet;
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
/** A school whose merchant account is Authorize.Net (its sandbox environment, pointed at the fake). */
let anet: TestSchool;
let services: PaymentServices;
let tok: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'superadmin' | 'adminB' | 'anetAdmin', string>;

beforeAll(async () => {
  fake = await startFakeAuthorizeNet();
  t = await createTestApp({ AUTHORIZENET_API_URL: fake.url, ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  a = await createSchool(t.db, { name: 'Riverside Music' });
  b = await createSchool(t.db);
  anet = await createSchool(t.db, { name: 'Northside Strings' });
  const box = secretBoxOf(t.services.config);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(merchantAccounts).values({
    adminId: anet.adminId, gateway: 'authorizenet', environment: 'sandbox',
    apiLoginIdEncrypted: box.seal(fake.apiLoginId), apiLoginIdLast4: fake.apiLoginId.slice(-4),
    transactionKeyEncrypted: box.seal(fake.transactionKey), transactionKeyLast4: fake.transactionKey.slice(-4),
  }));
  // The app's own resolver, with a short timeout: a lost answer costs the test 1.5 s, not 30 s.
  services = { config: t.services.config, gatewayFor: (tx, adminId) => gatewayForSchool(tx, adminId, box, { apiUrl: fake.url, timeoutMs: 1_500 }) };
  tok = {
    admin: await sessionToken(t, a.admin.id),
    subadmin: await sessionToken(t, a.subadmin.id),
    teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id),
    parent: await sessionToken(t, a.parent.id),
    superadmin: await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id),
    adminB: await sessionToken(t, b.admin.id),
    anetAdmin: await sessionToken(t, anet.admin.id),
  };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const refund = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/invoices/refundPayment', payload: body as object, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } })
    .then((res) => ({ status: res.statusCode, body: res.json() as ApiBody }));

/** A paid invoice of school `s`, paid by card on the pay page: its payment's id. */
async function cardPayment(s: TestSchool, totalCents = 12_000) {
  const invoice = await createInvoice(t.db, s, { box: secretBoxOf(t.services.config), totalCents });
  const outcome = await chargeInvoice(t.services.db, services, { adminId: s.adminId, invoiceId: invoice.id, source: 'pay_page', idempotencyKey: randomUUID(), card: VISA, billTo: BILL_TO });
  expect(outcome.status).toBe('succeeded');
  return { invoice, paymentId: outcome.paymentId };
}

const rowsOf = (s: TestSchool, invoiceId: string) => paymentsOf(t.db, s.adminId, invoiceId);

describe('POST /api/invoices/refundPayment', () => {
  it('answers 401 without a session', async () => {
    expect((await refund(undefined, { paymentId: randomUUID(), amount: 1 })).status).toBe(401);
  });

  it.each(['teacher', 'student', 'parent', 'superadmin'] as const)('answers 403 to a %s and refunds nothing', async (role) => {
    const { invoice, paymentId } = await cardPayment(a);
    const res = await refund(tok[role], { paymentId, amount: 10 });
    expect(res.status).toBe(403);
    expect((await rowsOf(a, invoice.id)).filter((p) => p.kind === 'refund')).toHaveLength(0);
  });

  it("a sub-admin refunds part of a card payment through the gateway; the admin refunds the rest; the invoice is open again", async () => {
    const { invoice, paymentId } = await cardPayment(a);
    const part = await refund(tok.subadmin, { paymentId, amount: '20.00' });
    expect(part.status, part.body.message).toBe(200);
    expect(part.body.message).toBe('$20.00 was refunded.');
    expect(part.body.data.refund).toMatchObject({ kind: 'refund', method: 'card', status: 'succeeded', amount: 20, refundOfId: paymentId, cardBrand: 'Visa', cardLast4: '1111', testMode: true });
    expect(part.body.data.payment).toMatchObject({ _id: paymentId, status: 'succeeded', amount: 120, refunded: 20 });
    expect(part.body.data.invoice).toEqual({ _id: invoice.id, status: 'partly_paid', total: 120, paid: 100, balance: 20 });
    const rest = await refund(tok.admin, { paymentId, amount: 100 });
    expect(rest.status).toBe(200);
    expect(rest.body.data.payment).toMatchObject({ status: 'refunded', refunded: 120 });
    expect(rest.body.data.invoice).toMatchObject({ status: 'open', paid: 0, balance: 120 });
    expect(await invoiceRow(t.db, a.adminId, invoice.id)).toMatchObject({ status: 'open', paidCents: 0, paidAt: null });
    const refunds = (await rowsOf(a, invoice.id)).filter((p) => p.kind === 'refund');
    expect(refunds.map((r) => [r.amountCents, r.status, r.recordedBy])).toEqual([[2_000, 'succeeded', a.subadmin.id], [10_000, 'succeeded', a.admin.id]]);
    for (const r of refunds) expect(r.gatewayTransactionId).toMatch(/^sbxr_/);
    const lines = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'payment.refunded')));
    expect(lines.filter((l) => (l.meta as { paymentId?: string }).paymentId === paymentId)).toHaveLength(2);
  });

  it('refuses more than what is left of the payment, by field, and changes nothing', async () => {
    const { invoice, paymentId } = await cardPayment(a, 5_000);
    await refund(tok.admin, { paymentId, amount: 30 });
    const res = await refund(tok.admin, { paymentId, amount: '20.01' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The refund is more than what is left of this payment');
    expect(res.body.errors).toEqual({ amount: 'The refund is more than what is left of this payment' });
    expect((await rowsOf(a, invoice.id)).filter((p) => p.kind === 'refund')).toHaveLength(1);
    expect((await invoiceRow(t.db, a.adminId, invoice.id)).paidCents).toBe(2_000);
  });

  it.each<[string, unknown, string, string]>([
    ['a zero amount', { amount: 0 }, 'amount', 'Please enter an amount above 0'],
    ['a negative amount', { amount: -5 }, 'amount', 'Please enter an amount between 0 and 100000'],
    ['three decimals', { amount: '1.005' }, 'amount', 'Please enter at most two decimals'],
    ['words for an amount', { amount: 'ten' }, 'amount', 'Please enter an amount between 0 and 100000'],
    ['no payment', { paymentId: undefined }, 'paymentId', 'Invalid id'],
    ['a payment id that is not one', { paymentId: 'abc' }, 'paymentId', 'Invalid id'],
  ])('answers 400 to %s', async (_what, change, field, message) => {
    const { paymentId } = await cardPayment(a, 1_000);
    const res = await refund(tok.admin, { paymentId, amount: 5, ...(change as object) });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it("another school's payment answers as one that does not exist", async () => {
    const { paymentId } = await cardPayment(b);
    const theirs = await refund(tok.admin, { paymentId, amount: 5 });
    const nowhere = await refund(tok.admin, { paymentId: randomUUID(), amount: 5 });
    expect(theirs).toEqual(nowhere);
    expect(theirs).toMatchObject({ status: 404, body: { message: 'Payment not found' } });
    expect((await refund(tok.adminB, { paymentId, amount: 5 })).status).toBe(200);
  });

  it('refuses to refund a declined attempt or a refund', async () => {
    const invoice = await createInvoice(t.db, a, { box: secretBoxOf(t.services.config) });
    const declined = await chargeInvoice(t.db, services, { adminId: a.adminId, invoiceId: invoice.id, source: 'pay_page', idempotencyKey: randomUUID(), card: VISA, billTo: { ...BILL_TO, zip: '46282' } });
    const res = await refund(tok.admin, { paymentId: declined.paymentId, amount: 5 });
    expect(res).toMatchObject({ status: 400, body: { errors: { paymentId: PAYMENT_MESSAGES.refundNotRefundable } } });
    const { paymentId } = await cardPayment(a, 1_000);
    const done = await refund(tok.admin, { paymentId, amount: 5 });
    expect((await refund(tok.admin, { paymentId: done.body.data.refund._id, amount: 1 })).status).toBe(404);
  });

  it('records the return of a cash payment without a gateway', async () => {
    const invoice = await createInvoice(t.db, a, { box: secretBoxOf(t.services.config), totalCents: 6_000 });
    const cash = await recordCashPayment(t.db, a, invoice.id, 6_000);
    const res = await refund(tok.admin, { paymentId: cash, amount: 10 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('$10.00 was recorded as handed back in cash.');
    expect(res.body.data.refund).toMatchObject({ method: 'cash', status: 'succeeded', amount: 10 });
    const [row] = (await rowsOf(a, invoice.id)).filter((p) => p.kind === 'refund');
    expect(row).toMatchObject({ gateway: null, gatewayTransactionId: null });
    expect(await invoiceRow(t.db, a.adminId, invoice.id)).toMatchObject({ status: 'open', paidCents: 5_000 });
  });

  it('a repeated request with the same Idempotency-Key refunds once', async () => {
    const { invoice, paymentId } = await cardPayment(a, 4_000);
    const key = randomUUID();
    const first = await refund(tok.admin, { paymentId, amount: 15 }, { 'idempotency-key': key });
    const again = await refund(tok.admin, { paymentId, amount: 15 }, { 'idempotency-key': key });
    expect(again).toEqual(first);
    expect((await rowsOf(a, invoice.id)).filter((p) => p.kind === 'refund')).toHaveLength(1);
    expect((await invoiceRow(t.db, a.adminId, invoice.id)).paidCents).toBe(2_500);
  });
});

describe('refunds through Authorize.Net', () => {
  it('a whole refund of a charge not yet settled is a void: nothing is taken from the card', async () => {
    const { invoice, paymentId } = await cardPayment(anet, 9_000);
    const [charge] = await rowsOf(anet, invoice.id);
    expect(charge).toMatchObject({ gateway: 'authorizenet', testMode: true });
    const res = await refund(tok.anetAdmin, { paymentId, amount: 90 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(PAYMENT_MESSAGES.voidedCharge('$90.00'));
    expect(fake.transactions.get(charge!.gatewayTransactionId!)!.status).toBe('voided');
    expect(await invoiceRow(t.db, anet.adminId, invoice.id)).toMatchObject({ status: 'open', paidCents: 0 });
  });

  it('a part refund must wait for the settlement, then goes through', async () => {
    const { invoice, paymentId } = await cardPayment(anet, 9_100);
    const early = await refund(tok.anetAdmin, { paymentId, amount: 10 });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(PAYMENT_MESSAGES.refundUnsettled);
    expect((await invoiceRow(t.db, anet.adminId, invoice.id)).paidCents).toBe(9_100);
    fake.settle();
    const later = await refund(tok.anetAdmin, { paymentId, amount: 10 });
    expect(later.status).toBe(200);
    expect((await invoiceRow(t.db, anet.adminId, invoice.id)).paidCents).toBe(8_100);
  });

  it('no answer from the gateway: the refund stays pending and holds off another; reconciliation settles it from what the gateway did', async () => {
    const { invoice, paymentId } = await cardPayment(anet, 7_000);
    fake.settle();
    fake.mode = 'drop';
    const outcome = await refundPayment(t.services.db, services, { adminId: anet.adminId, paymentId, amountCents: 2_500, actor: { accountableId: anet.admin.id, ip: null } })
      .finally(() => { fake.mode = 'normal'; });
    expect(outcome).toMatchObject({ status: 'pending', message: PAYMENT_MESSAGES.refundUnavailable });
    expect(httpStatusOfRefund(outcome)).toBe(503);
    const again = await refund(tok.anetAdmin, { paymentId, amount: 5 });
    expect(again).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.refundInProgress } });
    expect((await invoiceRow(t.db, anet.adminId, invoice.id)).paidCents).toBe(7_000);
    await reconcilePendingPayments(t.services.db, services, new Date(Date.now() + STALE_ATTEMPT_MS + 1_000));
    const refunds = (await rowsOf(anet, invoice.id)).filter((p) => p.kind === 'refund');
    expect(refunds).toMatchObject([{ status: 'succeeded', amountCents: 2_500 }]);
    expect(refunds[0]!.gatewayTransactionId).toMatch(/^\d+$/);
    expect((await invoiceRow(t.db, anet.adminId, invoice.id)).paidCents).toBe(4_500);
    const [charge] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(payments).where(eq(payments.id, paymentId)));
    expect(charge!.refundedCents).toBe(2_500);
  });
});
