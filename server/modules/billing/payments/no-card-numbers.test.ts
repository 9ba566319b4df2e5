import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { createInvoice } from '../../../test/invoice-factory.js';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test/fake-authorizenet.js';
import { cardSecretsIn, dumpDatabase, NOT_A_TEST_CARD } from '../../../test/card-leaks.js';
import { merchantAccounts } from '../../../db/schema/index.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { gatewaysOf } from '../../../services/payments/gateway-for-school.js';
import { SANDBOX_TEST_CARDS } from '../../../services/payments/sandbox-cards.js';
import type { BillTo, CardDetails } from '../../../services/payments/gateway.js';
import { chargeInvoice } from './charge-invoice.js';
import { reconcilePendingPayments } from './reconcile-pending.js';
import { saveCard } from './test-kit.js';
import { openInvoice, payment } from '../family/test-kit.js';
import { nextIp } from '../../../test/next-ip.js';

/**
 * The proof of "card numbers go to the gateway and nowhere else" (issue 11, decision 030): real
 * test cards are paid with, declined, refused and saved through the services and the API, on the
 * sandbox and on Authorize.Net's API (a local server); then every row of every table, as text, and
 * every line the app logged (Fastify's pino stream at trace level, the jobs' log, the outbox's
 * printed emails) are searched for
 * the numbers and the card codes typed.
 */
const CODE = '7319';
const CVV_FAIL = '901';
const YEAR = new Date().getUTCFullYear() + 2;
const card = (number: string, extra: Partial<CardDetails> = {}): CardDetails => ({ number, expMonth: 8, expYear: YEAR, code: CODE, ...extra });
const billTo = (zip = '46201'): BillTo => ({ firstName: 'Grace', lastName: 'Chen', address: '12 Elm Street', city: 'Indianapolis', state: 'IN', zip, country: 'US', email: 'grace@example.test' });

const secretsIn = (text: string) => cardSecretsIn(text, { codes: [CODE, CVV_FAIL] });

let fake: FakeAuthorizeNet;
let t: TestApp;
const logLines: string[] = [];
let sandboxSchool: TestSchool;
let anetSchool: TestSchool;

beforeAll(async () => {
  fake = await startFakeAuthorizeNet();
  t = await createTestApp({ LOG_LEVEL: 'trace', AUTHORIZENET_API_URL: fake.url, ENCRYPTION_KEY: randomBytes(32).toString('base64') }, { logLines, mailer: 'config' });
  sandboxSchool = await createSchool(t.db, { name: 'Riverside Music' });
  anetSchool = await createSchool(t.db, { name: 'Northside Strings' });
  const box = secretBoxOf(t.services.config);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(merchantAccounts).values({
    adminId: anetSchool.adminId, gateway: 'authorizenet', environment: 'sandbox',
    apiLoginIdEncrypted: box.seal(fake.apiLoginId), apiLoginIdLast4: fake.apiLoginId.slice(-4),
    transactionKeyEncrypted: box.seal(fake.transactionKey), transactionKeyLast4: fake.transactionKey.slice(-4),
  }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('no card number or card code is stored or logged', () => {
  it.each(['sandbox', 'authorizenet'] as const)('pay-page charges, declines, refusals, saved cards and refunds through the %s gateway', async (which) => {
    const school = which === 'sandbox' ? sandboxSchool : anetSchool;
    const services = t.services;
    const pay = async (c: CardDetails, zip?: string) => {
      const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 7_500 });
      return chargeInvoice(services.db, services, { adminId: school.adminId, invoiceId: invoice.id, source: 'pay_page', idempotencyKey: randomUUID(), card: c, billTo: billTo(zip), ip: '203.0.113.9' });
    };
    expect(await pay(card('4111111111111111'), '46282')).toMatchObject({ status: 'declined' });
    expect(await pay(card('5424000000000015', { code: CVV_FAIL }))).toMatchObject({ status: 'declined' });
    expect(await pay(card('370000000000002', { expMonth: 1, expYear: 2022 }))).toMatchObject({ status: 'declined' });
    expect(await pay(card(NOT_A_TEST_CARD))).toMatchObject({ status: 'declined' });
    const paid = [];
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) paid.push(await pay(card(number)));
    expect(paid.every((p) => p.status === 'succeeded')).toBe(true);

    // Saved cards, as the saved-cards part keeps them: the gateway's profile ids and brand, last four, expiry.
    const gateway = await t.db.transaction({ kind: 'school', adminId: school.adminId }, (tx) => gatewaysOf(t.services.config)(tx, school.adminId));
    const saved = await saveCard(t.services.db, gateway, school.adminId, school.parent.id, card('6011000000000012'), billTo());
    await saveCard(t.services.db, gateway, school.adminId, school.parent.id, card('2223000010309711'), billTo());
    await expect(saveCard(t.services.db, gateway, school.adminId, school.parent.id, card('4111111111111111', { code: CVV_FAIL }), billTo())).rejects.toThrow();
    const invoice = await createInvoice(t.db, school, { box: secretBoxOf(t.services.config), totalCents: 3_000 });
    expect(await chargeInvoice(services.db, services, { adminId: school.adminId, invoiceId: invoice.id, source: 'saved_card', idempotencyKey: randomUUID(), savedCardId: saved, actorId: school.parent.id }))
      .toMatchObject({ status: 'succeeded' });

    // Refunds through the API (the request log), one with a card number typed where an id belongs.
    fake.settle();
    const token = await sessionToken(t, school.admin.id);
    const refund = (body: unknown) => t.call('POST', '/api/invoices/refundPayment', { token, body });
    expect((await refund({ paymentId: paid[0]!.paymentId, amount: '10.00' })).status).toBe(200);
    expect((await refund({ paymentId: '4111111111111111', amount: 1 })).status).toBe(400);

    // The pay page's API with numbers typed as printed (decision 074): one charged, one refused by
    // the card rule (400); neither the digits nor the typed groups are kept or logged.
    const open = await openInvoice(t, school, school.student.id);
    const typed = await t.call('POST', '/api/invoice/payment', { body: payment(open.token, { cardNo: '3700 000000 00002', cardCode: CODE }), ip: nextIp() });
    expect(typed.status).toBe(200);
    const refused = await t.call('POST', '/api/invoice/payment', { body: payment(open.token, { cardNo: '4111-1111-1111-111x', cardCode: CODE }), ip: nextIp() });
    expect(refused.status).toBe(400);
    await reconcilePendingPayments(services.db, services, new Date(Date.now() + 3_600_000));
    await t.services.jobs.idle();
  });

  it('every table of the database, dumped as text, holds none of them', async () => {
    const dump = await dumpDatabase(t.db);
    // The dump is the real thing: the payments, the saved cards and the receipts are in it.
    expect(dump.tables).toBeGreaterThan(30);
    expect(dump.text).toContain('## payments');
    expect(dump.text).toMatch(/Visa.*1111/);
    expect(dump.text).toContain('Payment received: INV-');
    expect(dump.text).toMatch(/sbxp_disc_0012_08\d{4}_ok_/);
    expect(secretsIn(dump.text)).toEqual([]);
  });

  it('nothing the app logged holds them', () => {
    const log = logLines.join('\n');
    // The log is the real thing: the API's requests and the emails the outbox printed are in it.
    expect(logLines.filter((l) => l.includes('/api/invoices/refundPayment'))).toHaveLength(4);
    expect(log).toContain('Payment received: INV-');
    expect(secretsIn(log)).toEqual([]);
  });
});
