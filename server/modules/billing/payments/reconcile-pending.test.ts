import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { createInvoice } from '../../../test/invoice-factory.js';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test/fake-authorizenet.js';
import type { Database } from '../../../db/client.js';
import { auditEvents, emailMessages, merchantAccounts } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/http-errors.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { gatewayForSchool } from '../../../services/payments/gateway-for-school.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { askGateway, beginCharge, chargeInvoice, gatewayResolverOf, STALE_ATTEMPT_MS, type ChargeInvoiceInput, type PaymentServices } from './charge-invoice.js';
import { GIVE_UP_AFTER_MS, reconcilePendingPayments } from './reconcile-pending.js';
import { BILL_TO, invoiceRow, paymentsOf, VISA } from './test-kit.js';

/**
 * The reconcile-pending-payments job (decision 030) against Authorize.Net's API (a local server
 * that keeps its transactions): attempts whose answer was lost are settled from what the gateway
 * knows, once, however many runs race.
 */
let fake: FakeAuthorizeNet;
let t: TestApp;
let school: TestSchool;
let services: PaymentServices;

beforeAll(async () => {
  fake = await startFakeAuthorizeNet();
  t = await createTestApp({ ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  school = await createSchool(t.db, { name: 'Northside Strings' });
  const box = secretBoxOf(t.services.config);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(merchantAccounts).values({
    adminId: school.adminId, gateway: 'authorizenet', environment: 'sandbox',
    apiLoginIdEncrypted: box.seal(fake.apiLoginId), apiLoginIdLast4: 'x', transactionKeyEncrypted: box.seal(fake.transactionKey), transactionKeyLast4: 'x',
  }));
  services = { config: t.services.config, gatewayFor: (tx, adminId) => gatewayForSchool(tx, adminId, box, { apiUrl: fake.url, timeoutMs: 1_500 }) };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const payPage = (invoiceId: string, extra: Partial<ChargeInvoiceInput> = {}) =>
  ({ adminId: school.adminId, invoiceId, source: 'pay_page', idempotencyKey: randomUUID(), card: VISA, billTo: BILL_TO, ...extra }) as ChargeInvoiceInput;
const later = (ms = STALE_ATTEMPT_MS + 1_000) => new Date(Date.now() + ms);
const approvedAtGateway = (invoiceNumber: number) =>
  [...fake.transactions.values()].filter((x) => x.invoiceNumber === formatInvoiceNumber(invoiceNumber) && x.type === 'authCaptureTransaction' && x.responseCode === '1');
const activitiesOf = async (action: string, invoiceId: string) =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, action))))
    .filter((l) => (l.meta as { invoiceId?: string }).invoiceId === invoiceId);

describe('reconcilePendingPayments', () => {
  it('the process dies between the gateway\'s approval and the commit: the job finds the charge and the invoice is paid, once', async () => {
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 18_000 });
    const input = payPage(invoice.id);
    // Steps A and B of chargeInvoice, and no step C: the crash.
    const begun = await beginCharge(t.services.db, gatewayResolverOf(services), input);
    if (begun.kind !== 'attempt') throw new Error('expected a new attempt');
    const answer = await askGateway(begun, input);
    expect(answer).toMatchObject({ approved: true });
    expect((await paymentsOf(t.db, school.adminId, invoice.id)).map((p) => p.status)).toEqual(['pending']);

    // The payer, seeing nothing, submits again: held off while the first is unresolved.
    const again = await chargeInvoice(t.services.db, services, payPage(invoice.id)).catch((e: AppError) => e);
    expect(again).toMatchObject({ status: 409, message: PAYMENT_MESSAGES.inProgress });

    expect(await reconcilePendingPayments(t.services.db, services, new Date())).toEqual({ settled: 0, waiting: 0 });
    expect(await reconcilePendingPayments(t.services.db, services, later())).toEqual({ settled: 1, waiting: 0 });
    const [payment] = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(payment).toMatchObject({ status: 'succeeded', gatewayTransactionId: answer!.transactionId, cardLast4: '1111', cardBrand: 'Visa' });
    expect(await invoiceRow(t.db, school.adminId, invoice.id)).toMatchObject({ status: 'paid', paidCents: 18_000 });
    const receipts = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages)
      .where(and(eq(emailMessages.kind, 'payment-receipt'), eq(emailMessages.userId, school.parent.id))));
    expect(receipts.filter((r) => r.subject.includes(formatInvoiceNumber(invoice.number)))).toHaveLength(1);
    expect(await activitiesOf('payment.received', invoice.id)).toHaveLength(1);

    // Once paid, the link refuses; the gateway made one charge in all.
    const after = await chargeInvoice(t.services.db, services, payPage(invoice.id)).catch((e: AppError) => e);
    expect(after).toMatchObject({ status: 409, message: PAYMENT_MESSAGES.alreadyPaid });
    expect(approvedAtGateway(invoice.number)).toHaveLength(1);
  });

  it('an answer lost on the way back: the payer is told, the job settles the attempt from the gateway', async () => {
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 5_500 });
    fake.mode = 'drop';
    const lost = await chargeInvoice(t.services.db, services, payPage(invoice.id)).finally(() => { fake.mode = 'normal'; });
    expect(lost).toMatchObject({ status: 'pending', message: PAYMENT_MESSAGES.unavailable });
    await reconcilePendingPayments(t.services.db, services, later());
    expect(await invoiceRow(t.db, school.adminId, invoice.id)).toMatchObject({ status: 'paid', paidCents: 5_500 });
    expect(approvedAtGateway(invoice.number)).toHaveLength(1);
  });

  it('a decline whose answer was lost is recorded as declined, and the invoice stays open', async () => {
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 2_500 });
    fake.mode = 'drop';
    await chargeInvoice(t.services.db, services, payPage(invoice.id, { billTo: { ...BILL_TO, zip: '46282' } })).finally(() => { fake.mode = 'normal'; });
    await reconcilePendingPayments(t.services.db, services, later());
    expect((await paymentsOf(t.db, school.adminId, invoice.id)).map((p) => p.status)).toEqual(['declined']);
    expect((await invoiceRow(t.db, school.adminId, invoice.id)).status).toBe('open');
  });

  it('a charge the gateway never received fails, and the payer may pay', async () => {
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 3_100 });
    fake.mode = 'hang';
    await chargeInvoice(t.services.db, services, payPage(invoice.id)).finally(() => { fake.mode = 'normal'; });
    await reconcilePendingPayments(t.services.db, services, later());
    const [attempt] = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(attempt).toMatchObject({ status: 'failed', message: expect.stringContaining('No charge was made') });
    expect(await chargeInvoice(t.services.db, services, payPage(invoice.id))).toMatchObject({ status: 'succeeded' });
  });

  it('runs racing each other (two nodes) credit the invoice once', async () => {
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 4_200 });
    fake.mode = 'drop';
    await chargeInvoice(t.services.db, services, payPage(invoice.id)).finally(() => { fake.mode = 'normal'; });
    const runs = await Promise.all([1, 2, 3].map(() => reconcilePendingPayments(t.services.db, services, later())));
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(1);
    expect(await invoiceRow(t.db, school.adminId, invoice.id)).toMatchObject({ status: 'paid', paidCents: 4_200 });
    expect(await activitiesOf('payment.received', invoice.id)).toHaveLength(1);
  });

  it('while the gateway cannot be asked, the attempt waits; after three days it is given up for the office to check', async () => {
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 1_900 });
    fake.mode = 'http500';
    try {
      await chargeInvoice(t.services.db, services, payPage(invoice.id));
      expect(await reconcilePendingPayments(t.services.db, services, later())).toMatchObject({ waiting: 1 });
      expect((await paymentsOf(t.db, school.adminId, invoice.id)).map((p) => p.status)).toEqual(['pending']);
      await reconcilePendingPayments(t.services.db, services, later(GIVE_UP_AFTER_MS + 1_000));
    } finally {
      fake.mode = 'normal';
    }
    const [attempt] = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(attempt).toMatchObject({ status: 'failed', message: expect.stringContaining('check the merchant account') });
  });

  it('with nothing due it costs one query', async () => {
    await reconcilePendingPayments(t.services.db, services, later(GIVE_UP_AFTER_MS * 2));
    let transactions = 0;
    const counting: Database = { ...t.services.db, transaction: (scope, fn) => { transactions += 1; return t.services.db.transaction(scope, fn); } };
    expect(await reconcilePendingPayments(counting, services, later())).toEqual({ settled: 0, waiting: 0 });
    expect(transactions).toBe(1);
  });
});
