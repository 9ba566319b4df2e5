import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../demo.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

type Summary = { _id: string; orderNo: string; status: string; userId: { first_name: string; last_name: string } };

describe("the demo's orders", () => {
  it('gives Lily Chen a delivered order and Grace Chen a pending one, of Riverside’s store', async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    const orders = (await t.call('POST', '/api/order/orderList', { token: admin, body: {} })).body.data.results as Summary[];
    expect(orders.map((o) => [`${o.userId.first_name} ${o.userId.last_name}`, o.status, o.orderNo])).toEqual([
      ['Grace Chen', 'pending', '#1002'],
      ['Lily Chen', 'delivered', '#1001'],
    ]);
    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const mine = (await t.call('POST', '/api/order/getorderList', { token: lily, body: {} })).body.data.results as Summary[];
    expect(mine.map((o) => o.status)).toEqual(['delivered']);
    const details = (await t.call('GET', `/api/order/viewOrder/${mine[0]!._id}`, { token: lily })).body.data;
    expect(details.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'paid', 'processing', 'shipped', 'delivered']);
  });

  it('has a sales tax: the cart and Lily’s order carry a tax line on the items it applies to', async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/order/taxRate', { token: admin })).body.data.taxRate).toBe(6.25);
    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const mine = (await t.call('POST', '/api/order/getorderList', { token: lily, body: {} })).body.data.results as Summary[];
    const details = (await t.call('GET', `/api/order/viewOrder/${mine[0]!._id}`, { token: lily })).body.data;
    // A metronome ($24.99) and two cloths ($7.98), both taxed: 6.25 % of $32.97 is $2.06.
    expect(JSON.stringify(details)).toContain('"tax":2.06');
  });
});
