import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLines, merchantAccounts } from '../../../db/schema/index.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { schoolToday } from '../../../lib/school-clock.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test/fake-authorizenet.js';
import { nextIp } from '../../../test/next-ip.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { addDays } from '../../../../shared/school-clock.js';
import { openInvoice, payment } from '../family/test-kit.js';
import { addLateFees } from '../late-fees/add-late-fees.js';
import { invoiceRow, paymentsOf } from './test-kit.js';

/**
 * A pending card charge is a lease on its invoice (decision 070): while the gateway has not
 * answered, recording cash or a check, voiding, editing and another charge answer 409 and change
 * nothing, and the late fee waits; once the answer is in, the invoice is paid once. The gateway is
 * Authorize.Net's API (a local server) holding its answer until the test lets it go.
 */
let fake: FakeAuthorizeNet;
let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  fake = await startFakeAuthorizeNet();
  t = await createTestApp({ ENCRYPTION_KEY: randomBytes(32).toString('base64'), AUTHORIZENET_API_URL: fake.url });
  s = await createSchool(t.db, { name: 'Lakeside Strings' });
  const box = secretBoxOf(t.services.config);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(merchantAccounts).values({
    adminId: s.adminId, gateway: 'authorizenet', environment: 'sandbox',
    apiLoginIdEncrypted: box.seal(fake.apiLoginId), apiLoginIdLast4: 'x', transactionKeyEncrypted: box.seal(fake.transactionKey), transactionKeyLast4: 'x',
  }));
  admin = await sessionToken(t, s.admin.id);
  const settings = await t.call('POST', '/api/billing/settings', { token: admin, body: { currency: 'USD', defaultDueDays: 14, lateFee: '15', lateFeeAfterDays: 1 } });
  expect(settings.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const today = () => t.db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => schoolToday(tx, s.adminId));
const pay = (token: string, key: string) => t.call('POST', '/api/invoice/payment', { body: payment(token, {}, { idempotencyKey: key }), ip: nextIp() });
const office = (path: string, body: unknown) => t.call('POST', `/api/invoices${path}`, { token: admin, body });
const linesOf = (id: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)));
const approvedAtGateway = (number: number) =>
  [...fake.transactions.values()].filter((x) => x.invoiceNumber === formatInvoiceNumber(number) && x.type === 'authCaptureTransaction' && x.responseCode === '1');

describe('a card charge in flight', () => {
  it('refuses cash, a check, a void, an edit, another charge and the late fee with 409 until its answer is in; the invoice is paid once', async () => {
    const paidOn = await today();
    // Overdue past the late fee's day, so the late-fee job would take it were it not for the charge.
    const { invoice, token } = await openInvoice(t, s, s.student.id, { cents: 8_000, dueOn: addDays(paidOn, -10) });
    const held = fake.hold();
    const first = pay(token, 'lease-first-attempt-0001');
    try {
      await held.arrived;
      const refusals = [
        await office('/recordPayment', { id: invoice.id, method: 'cash', amount: 80, paidOn }),
        await office('/recordPayment', { id: invoice.id, method: 'check', amount: 20, paidOn, reference: '1042' }),
        await office('/void', { id: invoice.id, reason: 'Billed twice' }),
        await office('/update', {
          id: invoice.id, studentId: s.student.id, lines: [{ description: 'Piano lessons', quantity: 1, unitPrice: '40' }], discount: '0', dueOn: paidOn, note: '',
        }),
        await pay(token, 'lease-second-attempt-0002'),
      ];
      for (const r of refusals) expect({ status: r.status, message: r.body.message }).toEqual({ status: 409, message: PAYMENT_MESSAGES.inProgress });
      // The words of docs/domains/billing.md "Rules" (docs/wording.md), the same for the payer and the office.
      expect(PAYMENT_MESSAGES.inProgress).toBe('A card payment for this invoice is in progress');
      expect(await addLateFees(t.db, secretBoxOf(t.services.config), t.services.config.appUrl)).toBe(0);

      // Nothing changed: the one pending attempt, the one line, nothing paid.
      expect(await invoiceRow(t.db, s.adminId, invoice.id)).toMatchObject({ status: 'open', totalCents: 8_000, paidCents: 0 });
      expect((await paymentsOf(t.db, s.adminId, invoice.id)).map((p) => [p.method, p.status])).toEqual([['card', 'pending']]);
      expect(await linesOf(invoice.id)).toHaveLength(1);
    } finally {
      held.release();
    }

    const answered = await first;
    expect(answered.status).toBe(200);
    expect(await invoiceRow(t.db, s.adminId, invoice.id)).toMatchObject({ status: 'paid', totalCents: 8_000, paidCents: 8_000 });
    expect((await paymentsOf(t.db, s.adminId, invoice.id)).map((p) => [p.method, p.status, p.amountCents])).toEqual([['card', 'succeeded', 8_000]]);
    expect(approvedAtGateway(invoice.number)).toHaveLength(1);
  });

  it('cash recorded at the moment a charge begins: one of them takes the balance, the invoice is paid once', async () => {
    const paidOn = await today();
    const { invoice, token } = await openInvoice(t, s, s.student.id, { cents: 8_000 });
    const [card, cash] = await Promise.all([
      pay(token, 'lease-race-attempt-0003'),
      office('/recordPayment', { id: invoice.id, method: 'cash', amount: 80, paidOn }),
    ]);
    // Whichever took the invoice's lock first paid it; the other was told why it could not: 409
    // while the charge was in flight, or 400 (nothing left to pay) when it came after the first
    // had finished, as on PostgreSQL's pool it may.
    const statuses = [card.status, cash.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    // Only cash can hear 400 (the invoice no longer open, record-payment.ts); a card that comes
    // second hears 409 "already paid" (charge-invoice.ts).
    if (statuses[1] === 400) expect(cash.status).toBe(400);
    expect(await invoiceRow(t.db, s.adminId, invoice.id)).toMatchObject({ status: 'paid', paidCents: 8_000 });
    const succeeded = (await paymentsOf(t.db, s.adminId, invoice.id)).filter((p) => p.status === 'succeeded');
    expect(succeeded.map((p) => p.amountCents)).toEqual([8_000]);
    expect(approvedAtGateway(invoice.number)).toHaveLength(card.status === 200 ? 1 : 0);
  });
});
