import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { issueRecurringInvoices } from '../recurring/issue-recurring-invoices.js';
import { todayIn } from '../../../../shared/school-clock.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("the demo's student plans", () => {
  it('sells Riverside’s two plans; Lily Chen has the piano plan, Owen Chen’s Group Theory waits', async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    const plans = (await t.call('POST', '/api/studentBilling/getListPlanBuilder', { token: admin, body: {} })).body.data;
    expect(plans.results).toMatchObject([{ planName: 'Piano 30 min weekly', price: 120, subscriberCount: 1 }]);
    const groups = (await t.call('POST', '/api/studentBilling/getListPlanBuilder', { token: admin, body: { kind: 'group' } })).body.data;
    expect(groups.results).toMatchObject([{ planName: 'Group Theory', price: 60, classGroup: { name: 'Beginner Piano Group' } }]);
    const waiting = (await t.call('POST', '/api/studentBilling/getListPlanBuilder', { token: admin, body: { isPlanApproveList: true } })).body.data;
    expect(waiting).toMatchObject({ waitingCount: 1, approvedCount: 1, results: [{ student: { first_name: 'Owen' }, plan: { planName: 'Group Theory' } }] });

    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const mine = (await t.call('GET', '/api/studentBilling/mySubscription', { token: lily })).body.data;
    expect(mine).toMatchObject([{ plan: { planName: 'Piano 30 min weekly' }, status: 'active' }]);
    expect(mine[0].nextChargeOn > todayIn('America/New_York')).toBe(true);
    expect(await issueRecurringInvoices(t.db, secretBoxOf(t.services.config), 'http://cadenza.test')).toBe(0);
  });
});
