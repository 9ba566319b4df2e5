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

type Item = { item_name: string; inStock: boolean; item_image: unknown[]; select_category: { name: string } | null; seller: { first_name: string } | null };

describe("the demo's store", () => {
  it('gives Riverside six items in two categories (one out of stock, one without an image) and the provider two sellers’ items', async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    const mine = (await t.call('POST', '/api/store/getStoreList', { token: admin, body: {} })).body.data;
    expect(mine.totalCount).toBe(6);
    const items = mine.results as Item[];
    expect(new Set(items.map((i) => i.select_category?.name))).toEqual(new Set(['Books', 'Accessories']));
    expect(items.filter((i) => !i.inStock).map((i) => i.item_name)).toEqual(['Scale Flash Cards']);
    expect(items.filter((i) => i.item_image.length === 0).map((i) => i.item_name)).toEqual(['Cleaning Cloth']);

    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const provider = (await t.call('POST', '/api/schoolStore/getStoreList', { token: lily, body: { store: 'provider' } })).body.data.results as Item[];
    expect(provider.map((i) => [i.item_name, i.seller?.first_name])).toEqual([['Concert Ukulele', 'Aiko'], ['Student Violin 4/4 Outfit', 'Marco']]);

    const superadmin = await signIn(t, 'superadmin', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/seller/get?isDropDown=true', { token: superadmin })).body.data.totalCount).toBe(2);
    // Northside has no store.
    const henry = await signIn(t, 'admin2', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/store/getStoreList', { token: henry, body: {} })).status).toBe(403);
  });
});
