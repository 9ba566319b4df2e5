import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../demo.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import type { BizCategory } from '../../../shared/contracts/my-biz.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("the demo's Build My Biz and Learn More", () => {
  it('has three categories of two articles each, one a draft that schools do not see', async () => {
    const provider = await signIn(t, 'superadmin', DEMO_PASSWORD);
    const all = (await t.call('POST', '/api/myBiz/getBizCategories', { token: provider, body: {} })).body.data as BizCategory[];
    expect(all.map((c) => [c.name, c.articleCount])).toEqual([['Marketing', 2], ['Pricing', 2], ['Recitals', 2]]);
    const teacher = await signIn(t, 'teacher', DEMO_PASSWORD);
    const published = (await t.call('POST', '/api/myBiz/getBizCategories', { token: teacher, body: {} })).body.data as BizCategory[];
    expect(published.map((c) => c.articleCount)).toEqual([2, 2, 1]);
  });

  it('gives Lily Chen her school’s Learn More page with its text and teachers', async () => {
    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const me = (await t.call('GET', '/api/auth/me', { token: lily })).body.data.user as { adminId: string };
    const page = (await t.call('POST', '/api/learnMore/getLearnMore', { token: lily, body: { schoolId: me.adminId } })).body.data;
    expect(page.about).toContain('by the river');
    expect(page.teachers.map((x: { first_name: string }) => x.first_name)).toContain('Sofia');
  });
});
