import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let parent: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
  parent = await signIn(t, 'parent', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe("the demo's family billing", () => {
  it('gives the Chen family a saved sandbox Visa as the default, autopay off for Lily and Owen', async () => {
    const cards = await t.call('POST', '/api/studentBilling/cardList', { token: parent, body: {} });
    expect(cards.status).toBe(200);
    expect(cards.body.data.testMode).toBe(true);
    const [visa, ...others] = cards.body.data.results;
    expect(others).toEqual([]);
    expect(visa).toMatchObject({ brand: 'Visa', last4: '1111', isDefault: true, expired: false, mine: true });
    // The sandbox adapter's own id formats: what a charge of the card decodes.
    expect(visa.customerProfileId).toMatch(/^sbxc_[0-9a-f]{16}$/);
    expect(visa.customerPaymentProfileId).toMatch(/^sbxp_visa_1111_12\d{4}_ok_[0-9a-f]{16}$/);

    const billing = await t.call('POST', '/api/paymentbilling/invoices', { token: parent, body: {} });
    expect(billing.body.data.students.map((s: { first_name: string; autopay: boolean }) => [s.first_name, s.autopay])).toEqual([['Lily', false], ['Owen', false]]);
    expect(billing.body.data.open.map((i: { student: { first_name: string }; status: string }) => [i.student.first_name, i.status]).sort())
      .toEqual([['Lily', 'open'], ['Owen', 'overdue']]);
  });

  it('lets the demo card pay Owen’s overdue invoice (its ids charge in the sandbox)', async () => {
    const billing = (await t.call('POST', '/api/paymentbilling/invoices', { token: parent, body: {} })).body.data;
    const owen = billing.open.find((i: { student: { first_name: string } }) => i.student.first_name === 'Owen');
    const [visa] = (await t.call('POST', '/api/studentBilling/cardList', { token: parent, body: {} })).body.data.results;
    const paid = await t.call('POST', '/api/paymentbilling/payInvoice', { token: parent, body: { invoiceId: owen._id, cardId: visa.cardId, idempotencyKey: 'demo-card-check-1' } });
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data.status).toBe('paid');
  });
});
