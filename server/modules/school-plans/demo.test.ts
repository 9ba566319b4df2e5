import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../demo.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { renewSchoolPlans } from './renew-plans.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("the demo's plans for schools", () => {
  it('offers Starter, Studio and Academy; Riverside on Academy with the store, Northside on Studio without, Clara on Starter', async () => {
    const superadmin = await signIn(t, 'superadmin', DEMO_PASSWORD);
    const plans = (await t.call('POST', '/api/schoolBilling/getSchoolPlanList', { token: superadmin, body: {} })).body.data.results;
    const byName = Object.fromEntries(plans.map((p: { planName: string }) => [p.planName, p]));
    expect(byName.Starter).toMatchObject({ price: 0, isFree: true, schoolPrivateTeacher: 'privateTeacher', schoolCount: 1 });
    expect(byName.Studio).toMatchObject({ price: 49, maxStudents: 50, storeIncluded: false, schoolCount: 1 });
    expect(byName.Academy).toMatchObject({ price: 99, storeIncluded: true, schoolCount: 1 });

    const mine = async (username: string) => {
      const token = await signIn(t, username, DEMO_PASSWORD);
      const me = (await t.call('GET', '/api/auth/me', { token })).body.data;
      return { plan: (await t.call('GET', '/api/schoolBilling/myPlan', { token })).body.data, me };
    };
    const riverside = await mine('admin');
    expect(riverside.plan.booking).toMatchObject({ status: 'active', plan: { planName: 'Academy' }, card: { brand: 'Visa', last4: '1111' } });
    expect(riverside.plan.charges).toHaveLength(2);
    expect(JSON.stringify(riverside.me)).toContain('"showStore":true');
    const northside = await mine('admin2');
    expect(northside.plan.booking.plan.planName).toBe('Studio');
    expect(JSON.stringify(northside.me)).toContain('"showStore":false');
    expect((await mine('privateteacher')).plan.booking.plan.planName).toBe('Starter');
    // Nothing renews the moment the demo starts.
    expect(await renewSchoolPlans(t.db, { config: t.services.config })).toMatchObject({ renewed: 0, failed: 0 });
  });
});
