import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { issueRecurringInvoices } from '../recurring/issue-recurring-invoices.js';
import { todayIn } from '../../../../shared/school-clock.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
  admin = await signIn(t, 'admin', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe("the demo's billing settings, recurring invoices and payments", () => {
  it('gives Riverside a late fee and a monthly tuition for Chloe Nguyen, due after today; a paused one for Lucas Kim', async () => {
    const settings = await t.call('GET', '/api/billing/settings', { token: admin });
    expect(settings.body.data).toMatchObject({ currency: 'USD', defaultDueDays: 14, lateFee: 10, lateFeeAfterDays: 7 });
    const list = (await t.call('POST', '/api/recurringInvoices/list', { token: admin, body: {} })).body.data;
    // Lily Chen's piano plan is billed by a recurring invoice of its own (plans-demo.test.ts).
    expect(list).toMatchObject({ totalCount: 3, activeCount: 2, pausedCount: 1 });
    const chloe = list.results.find((r: { student: { first_name: string } }) => r.student.first_name === 'Chloe');
    expect(chloe).toMatchObject({ schedule: 'Monthly on day 1', amount: 175, active: true, autoSend: true });
    expect(chloe.nextInvoiceOn > todayIn('America/New_York')).toBe(true);
    expect(list.results.find((r: { student: { first_name: string } }) => r.student.first_name === 'Lucas')).toMatchObject({ schedule: 'Every 4 weeks', active: false });
    expect(await issueRecurringInvoices(t.db, secretBoxOf(t.services.config), 'http://cadenza.test')).toBe(0);
  });

  it('reports Riverside’s payments to its admin, and only the Chen children’s to Grace Chen', async () => {
    const today = todayIn('America/New_York');
    const range = { from: `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, to: today };
    const school = (await t.call('POST', '/api/reports/payments/list', { token: admin, body: range })).body.data;
    expect(school.totals.collected).toBeGreaterThan(0);
    expect(school.totals.refunded).toBeGreaterThan(0);
    const parent = await signIn(t, 'parent', DEMO_PASSWORD);
    const chens = (await t.call('POST', '/api/reports/payments/list', { token: parent, body: { ...range, limit: 100 } })).body.data;
    expect(chens.totalCount).toBeGreaterThan(0);
    expect(chens.totalCount).toBeLessThan(school.totalCount);
    expect(new Set(chens.results.map((r: { student: { last_name: string } }) => r.student.last_name))).toEqual(new Set(['Chen']));
  });
});
