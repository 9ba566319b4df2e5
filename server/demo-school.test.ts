import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, savedCards, schools, storeOrders, storeProducts, studentPlans } from './db/schema/index.js';
import { DEMO_PASSWORD } from './db/seed-demo.js';
import { seedDemoIfEmpty, seedDemoSchool } from './demo.js';
import { secretBoxOf } from './lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from './test/test-app.js';

// A browser spec's own school (docs/decisions/064-each-browser-spec-on-its-own-school.md).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("a spec's own school", () => {
  it('has the demo\'s people under their names, with logins of their own, and leaves the demo as it was', async () => {
    const a = await seedDemoSchool(t.db, 'e1', secretBoxOf(t.services.config));
    const b = await seedDemoSchool(t.db, 'e2', secretBoxOf(t.services.config));
    expect(a.logins.jackwilson).toBe('jackwilson-e1');
    expect(b.logins.admin).toBe('admin-e2');
    expect(a.adminId).not.toBe(b.adminId);
    expect(a.logins.superadmin).toBeUndefined();

    const jack = await signIn(t, a.logins.jackwilson!, DEMO_PASSWORD);
    const me = (await t.call('GET', '/api/auth/me', { token: jack })).body.data.user;
    expect([me.first_name, me.last_name]).toEqual(['Jack', 'Wilson']);
    expect(me.email).toBe('jack.wilson.e1@riversidemusic.example');

    // The demo's Riverside is still the demo's: its admin signs in and the new schools' people are not his.
    const demoAdmin = await signIn(t, 'admin', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/auth/me', { token: demoAdmin })).body.data.user._id).not.toBe(a.adminId);

    // Its modules' demo data (practice, here) is its own: Lily of school e1 has her three assignments.
    const lily = await signIn(t, a.logins.student!, DEMO_PASSWORD);
    expect((await t.call('POST', '/api/practice/getPractice', { token: lily, body: {} })).body.data.totalCount).toBe(3);
  });

  it("has Riverside's courses, the provider's given to its Lily, and its Learn More text", async () => {
    const a = await seedDemoSchool(t.db, 'e3', secretBoxOf(t.services.config));
    const lily = await signIn(t, a.logins.student!, DEMO_PASSWORD);
    const hers = (await t.call('POST', '/api/course/list', { token: lily, body: {} })).body.data.results;
    expect(hers.map((c: { title: string }) => c.title)).toEqual(['Voice Warm-ups', 'Piano Foundations', 'Music Theory Basics']);
    // One provider course for all schools: a browser test's school seeds none of its own.
    const superadmin = await signIn(t, 'superadmin', DEMO_PASSWORD);
    const provider = (await t.call('POST', '/api/course/list', { token: superadmin, body: {} })).body.data.results;
    expect(provider.filter((c: { title: string }) => c.title === 'Music Theory Basics')).toHaveLength(1);
    const learnMore = (await t.call('POST', '/api/learnMore/getLearnMore', { token: lily, body: { schoolId: a.adminId } })).body.data;
    expect(JSON.stringify(learnMore)).toContain('by the river since 2009');
  });

  it("has Riverside's billing, plan and store of its own; the provider's catalogue stays the demo's alone", async () => {
    const box = secretBoxOf(t.services.config);
    const countOf = (table: typeof invoices | typeof studentPlans | typeof storeOrders | typeof storeProducts, where: ReturnType<typeof eq>) =>
      t.db.transaction({ kind: 'all' }, async (tx) => (await tx.select({ n: count() }).from(table).where(where))[0]!.n);
    const providerItems = await countOf(storeProducts, eq(storeProducts.provider, true));
    const c = await seedDemoSchool(t.db, 'e4', box);
    expect(await countOf(studentPlans, eq(studentPlans.adminId, c.adminId))).toBe(2);
    expect(await countOf(invoices, eq(invoices.adminId, c.adminId))).toBe(15);
    expect(await countOf(storeProducts, eq(storeProducts.adminId, c.adminId))).toBe(6);
    expect(await countOf(storeOrders, eq(storeOrders.adminId, c.adminId))).toBe(2);
    expect(await countOf(storeProducts, eq(storeProducts.provider, true))).toBe(providerItems);
    const [school] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ showStore: schools.showStore }).from(schools).where(eq(schools.adminId, c.adminId)));
    expect(school?.showStore).toBe(true);
    // Grace Chen's card is her school's; Jack Wilson has none.
    const jack = await signIn(t, c.logins.jackwilson!, DEMO_PASSWORD);
    const jackId = (await t.call('GET', '/api/auth/me', { token: jack })).body.data.user._id as string;
    const cards = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ owner: savedCards.ownerId }).from(savedCards).where(eq(savedCards.adminId, c.adminId)));
    expect(cards).toHaveLength(1);
    expect(cards[0]!.owner).not.toBe(jackId);
  });
});
