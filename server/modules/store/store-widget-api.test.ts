import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools, storeWidgetItems, users } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { STORE_MESSAGES } from '../../../shared/contracts/store.js';
import { STORE_WIDGET_MAX, STORE_WIDGET_MESSAGES as M } from '../../../shared/contracts/store-widget.js';
import { tinyPng } from '../library/index.js';

/**
 * Store Builder and the public store widget (issue 16): the admin picks and orders the school's
 * items; the public page (no token) shows them with image or placeholder, price and in or out of
 * stock; sub-admins and everyone else 403, a school without the store 403, another school's item
 * a field error, a closed store or school 404.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let off: TestSchool;
type Who = 'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'adminOff' | 'superadmin';
let tok: Record<Who, string>;
const NIL = '00000000-0000-4000-8000-000000000000';

const call = (url: string, token: string | undefined, body: unknown, status = 200) => expectCall(t, 'POST', url, { token, body, status });
const add = async (token: string, over: Record<string, unknown> = {}) => (await call('/api/store/addstore', token, {
  item_name: 'Lesson Book', item_code: null, item_price: '8.99', quantity: 3, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null, ...over,
})).data as { _id: string };
const upload = async (token: string) => {
  const res = await rawCall(t, 'POST', '/api/fileUpload/upload', { token, parts: [{ name: 'fileUpload', filename: 'Item.png', content: tinyPng() }], status: 200 });
  return res.json().data._id as string;
};
const setStore = (adminId: string, showStore: boolean) =>
  t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ showStore }).where(eq(schools.adminId, adminId)));

let guitar: string;
let strings: string;
let drum: string;
let itemB: string;

beforeAll(async () => {
  t = await createTestApp();
  [a, b, off] = [await createSchool(t.db), await createSchool(t.db), await createSchool(t.db)];
  await setStore(a.adminId, true);
  await setStore(b.adminId, true);
  const superadmin = await createUser(t.db, 'superadmin', null);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    adminOff: await sessionToken(t, off.admin.id), superadmin: await sessionToken(t, superadmin.id),
  };
  guitar = (await add(tok.admin, { item_name: 'Guitar', item_price: 199, quantity: 2, item_image: await upload(tok.admin) }))._id;
  strings = (await add(tok.admin, { item_name: 'Strings', item_price: '6.50', quantity: 0 }))._id;
  drum = (await add(tok.admin, { item_name: 'Drum', item_price: 80, quantity: 4 }))._id;
  itemB = (await add(tok.adminB, { item_name: 'B’s Book' }))._id;
});
afterAll(() => t.close());

describe('Store Builder', () => {
  it('starts empty, offering every item of the school’s store and none of another school’s', async () => {
    const res = await call('/api/store/widget/get', tok.admin, {});
    expect(res.data.adminId).toBe(a.adminId);
    expect(res.data.chosen).toEqual([]);
    expect(res.data.available).toEqual([
      { _id: drum, item_name: 'Drum', item_price: 80, inStock: true },
      { _id: guitar, item_name: 'Guitar', item_price: 199, inStock: true },
      { _id: strings, item_name: 'Strings', item_price: 6.5, inStock: false },
    ]);
  });

  it('saves the chosen items in the admin’s order and answers them as store items', async () => {
    const res = await call('/api/store/widget/set', tok.admin, { productIds: [strings, guitar] });
    expect(res.message).toBe(M.saved);
    expect(res.data.chosen.map((i: { item_name: string }) => i.item_name)).toEqual(['Strings', 'Guitar']);
    expect(res.data.chosen[1]).toMatchObject({ item_price: 199, inStock: true, quantity: 2 });
    expect(res.data.chosen[1].item_image[0].location).toContain(`/api/library/file/`);
    // Reordering replaces the choice.
    const again = await call('/api/store/widget/set', tok.admin, { productIds: [guitar, drum, strings] });
    expect(again.data.chosen.map((i: { _id: string }) => i._id)).toEqual([guitar, drum, strings]);
    expect((await call('/api/store/widget/get', tok.admin, {})).data.chosen.map((i: { _id: string }) => i._id)).toEqual([guitar, drum, strings]);
  });

  it('refuses bad input with field errors, changing nothing', async () => {
    const before = (await call('/api/store/widget/get', tok.admin, {})).data.chosen.map((i: { _id: string }) => i._id);
    expect((await call('/api/store/widget/set', tok.admin, { productIds: [guitar, guitar] }, 400)).errors).toEqual({ productIds: M.duplicate });
    expect((await call('/api/store/widget/set', tok.admin, { productIds: ['nope'] }, 400)).errors).toHaveProperty(['productIds.0']);
    expect((await call('/api/store/widget/set', tok.admin, {}, 400)).errors).toHaveProperty('productIds');
    const many = Array.from({ length: STORE_WIDGET_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await call('/api/store/widget/set', tok.admin, { productIds: many }, 400)).errors).toEqual({ productIds: M.tooMany });
    // Another school's item answers exactly as one that exists nowhere.
    const other = await call('/api/store/widget/set', tok.admin, { productIds: [guitar, itemB] }, 400);
    const none = await call('/api/store/widget/set', tok.admin, { productIds: [guitar, NIL] }, 400);
    expect(other).toEqual(none);
    expect(other.errors).toEqual({ productIds: M.unknownProduct });
    expect((await call('/api/store/widget/get', tok.admin, {})).data.chosen.map((i: { _id: string }) => i._id)).toEqual(before);
  });

  it('keeps each school’s choice its own', async () => {
    await call('/api/store/widget/set', tok.adminB, { productIds: [itemB] });
    expect((await call('/api/store/widget/get', tok.adminB, {})).data.chosen.map((i: { _id: string }) => i._id)).toEqual([itemB]);
    expect((await call('/api/store/widget/get', tok.admin, {})).data.chosen).toHaveLength(3);
  });

  it('is the admin’s alone: 401 signed out, 403 for every other role and for a school without the store', async () => {
    expect((await t.call('POST', '/api/store/widget/get', { body: {} })).status).toBe(401);
    for (const who of ['subadmin', 'teacher', 'student', 'parent', 'superadmin'] as const) {
      await call('/api/store/widget/get', tok[who], {}, 403);
      await call('/api/store/widget/set', tok[who], { productIds: [] }, 403);
    }
    expect((await call('/api/store/widget/get', tok.adminOff, {}, 403)).message).toBe(STORE_MESSAGES.storeOff);
    await call('/api/store/widget/set', tok.adminOff, { productIds: [] }, 403);
  });

  it('drops a removed item from the widget', async () => {
    const temp = (await add(tok.admin, { item_name: 'Temp' }))._id;
    await call('/api/store/widget/set', tok.admin, { productIds: [guitar, drum, strings, temp] });
    await t.call('DELETE', '/api/store/removeStore', { token: tok.admin, body: { id: temp } });
    const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeWidgetItems).where(eq(storeWidgetItems.adminId, a.adminId)));
    expect(rows.map((r) => r.productId)).toEqual(expect.arrayContaining([guitar, drum, strings]));
    expect(rows).toHaveLength(3);
  });
});

describe('the public store widget', () => {
  it('shows the chosen items with no sign-in: image or placeholder, price, in or out of stock, no stock count', async () => {
    const res = await call('/api/store/widget/public', undefined, { adminId: a.adminId });
    const [school] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ name: schools.schoolName }).from(schools).where(eq(schools.adminId, a.adminId)));
    expect(res.data.school_name).toBe(school!.name);
    expect(res.data.items.map((i: { item_name: string }) => i.item_name)).toEqual(['Guitar', 'Drum', 'Strings']);
    expect(res.data.items[2]).toEqual({ _id: strings, item_name: 'Strings', item_code: null, item_price: 6.5, item_image: [], inStock: false });
    expect(res.data.items[0]).not.toHaveProperty('quantity');
    // The picture opens through its signed link, with no session.
    await rawCall(t, 'GET', res.data.items[0].item_image[0].location, { status: 200 });
  });

  it('is 404 for a school without the store, an unknown id or a closed school; 400 for a bad id', async () => {
    const unknown = await call('/api/store/widget/public', undefined, { adminId: NIL }, 404);
    expect(unknown.message).toBe(M.unavailable);
    expect(await call('/api/store/widget/public', undefined, { adminId: off.adminId }, 404)).toEqual(unknown);
    // A sub-admin's id names no school.
    expect(await call('/api/store/widget/public', undefined, { adminId: a.subadmin.id }, 404)).toEqual(unknown);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ status: false }).where(eq(users.id, b.adminId)));
    expect(await call('/api/store/widget/public', undefined, { adminId: b.adminId }, 404)).toEqual(unknown);
    expect((await call('/api/store/widget/public', undefined, { adminId: 'x' }, 400)).errors).toHaveProperty('adminId');
  });

  it('may be framed by any site', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/widget/store/${a.adminId}` });
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
