import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools, storeProducts, storeStockAdjustments } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { STORE_MESSAGES as M } from '../../../shared/contracts/store.js';
import { tinyPdf, tinyPng } from '../library/index.js';

/**
 * The store's selling side and browsing (issue 16): items with every field of docs/domains/store.md "Data and calls",
 * categories, Inventory's adjustments (never below zero), the provider's sellers and items, the
 * school's showStore, and /store for every role whose route table has it.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let off: TestSchool;
type Who = 'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'studentB' | 'adminOff' | 'studentOff' | 'superadmin';
let tok: Record<Who, string>;

const NIL = '00000000-0000-4000-8000-000000000000';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown, status = 200) => expectCall(t, method, url, { token, body, status });
const item = (over: Record<string, unknown> = {}) => ({
  item_name: 'Lesson Book', item_code: null, item_price: '8.99', quantity: 3, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null, ...over,
});
const add = async (token: string, over: Record<string, unknown> = {}) => (await call('POST', '/api/store/addstore', token, item(over))).data as { _id: string };
const upload = async (token: string, content: Buffer, filename = 'Item.png') => {
  const res = await rawCall(t, 'POST', '/api/fileUpload/upload', { token, parts: [{ name: 'fileUpload', filename, content }], status: 200 });
  return res.json().data._id as string;
};
const names = (data: { results: { item_name: string }[] }) => data.results.map((r) => r.item_name);

beforeAll(async () => {
  t = await createTestApp();
  [a, b, off] = [await createSchool(t.db), await createSchool(t.db), await createSchool(t.db)];
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    for (const s of [a, b]) await tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, s.adminId));
  });
  const superadmin = await createUser(t.db, 'superadmin', null);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    studentB: await sessionToken(t, b.student.id), adminOff: await sessionToken(t, off.admin.id), studentOff: await sessionToken(t, off.student.id),
    superadmin: await sessionToken(t, superadmin.id),
  };
});
afterAll(() => t.close());

describe('a school’s items and categories', () => {
  it('adds an item with an uploaded image and a category; optional fields come back null', async () => {
    const category = (await call('POST', '/api/store/category/add', tok.admin, { name: 'Books' }, 200)).data as { _id: string };
    expect((await t.call('POST', '/api/store/category/add', { token: tok.subadmin, body: { name: 'books' } })).body.errors).toEqual({ name: M.categoryTaken });
    const image = await upload(tok.admin, tinyPng());
    const res = await call('POST', '/api/store/addstore', tok.admin, item({
      item_name: 'Piano Book', item_code: 'BK-1', item_price: 12.5, quantity: '7', shipping_cost: '3', tax_applicable: true, item_image: image, select_category: category._id,
    }));
    expect(res).toMatchObject({
      message: M.added,
      data: {
        item_name: 'Piano Book', item_code: 'BK-1', item_price: 12.5, quantity: 7, shipping_cost: 3, tax_applicable: true, store: 'school',
        select_category: { _id: category._id, name: 'Books' }, seller: null, inStock: true, lowStock: false,
      },
    });
    expect(res.data.item_image).toEqual([{ _id: image, location: expect.stringContaining(`/api/library/file/${image}?`) }]);
    // The picture opens through its signed link, with no session.
    const picture = await rawCall(t, 'GET', res.data.item_image[0].location, { status: 200 });
    expect(picture.headers['content-type']).toBe('image/png');

    const bare = await call('POST', '/api/store/addstore', tok.subadmin, item({ item_name: 'Cloth', item_price: '4' }));
    expect(bare.data).toMatchObject({ item_code: null, shipping_cost: null, item_image: [], select_category: null, quantity: 3 });
    // The opening stock is the first line of the item's history.
    const history = (await call('POST', '/api/store/stock/history', tok.admin, { productId: res.data._id })).data;
    expect(history.results).toMatchObject([{ change: 7, stockAfter: 7, reason: 'Opening stock', by: { _id: a.admin.id } }]);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeProducts));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ item_name: '' }, 'item_name', M.itemNameRequired],
      [{ item_name: 'x'.repeat(101) }, 'item_name', M.itemNameMax],
      [{ item_name: 'Bad\u0000name' }, 'item_name', 'Please remove the invisible control characters from this field'],
      [{ item_price: '-1' }, 'item_price', 'Please enter an amount between 0 and 100000'],
      [{ quantity: -1 }, 'quantity', M.quantityInvalid],
      [{ quantity: 1.5 }, 'quantity', M.quantityInvalid],
      [{ item_code: 'c'.repeat(41) }, 'item_code', M.itemCodeMax],
      [{ item_image: NIL }, 'item_image', M.imageUnknown],
      [{ select_category: NIL }, 'select_category', M.categoryUnknown],
      [{ sellerId: NIL }, 'sellerId', M.sellerUnknown],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.call('POST', '/api/store/addstore', { token: tok.admin, body: item(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(over)).toEqual({ [field]: message });
    }
    // A file that is not a picture is refused as the item image.
    const pdf = await upload(tok.admin, tinyPdf('Sheet'), 'Sheet.pdf');
    expect((await t.call('POST', '/api/store/addstore', { token: tok.admin, body: item({ item_image: pdf }) })).body.errors).toEqual({ item_image: M.imageNotImage });
    // Another school's image and category are unknown here.
    const theirImage = await upload(tok.adminB, tinyPng());
    const theirCategory = (await call('POST', '/api/store/category/add', tok.adminB, { name: 'Theirs' })).data._id;
    expect((await t.call('POST', '/api/store/addstore', { token: tok.admin, body: item({ item_image: theirImage }) })).body.errors).toEqual({ item_image: M.imageUnknown });
    expect((await t.call('POST', '/api/store/addstore', { token: tok.admin, body: item({ select_category: theirCategory }) })).body.errors).toEqual({ select_category: M.categoryUnknown });
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeProducts))).toEqual(before);
  });

  it('lists the school’s items ten a page, by name and by category, newest first', async () => {
    for (let i = 0; i < 11; i++) await add(tok.admin, { item_name: `Reed ${String(i).padStart(2, '0')}` });
    const first = (await call('POST', '/api/store/getStoreList', tok.admin, {})).data;
    expect(first).toMatchObject({ page: 1, limit: 10, totalCount: 13 });
    expect(first.results).toHaveLength(10);
    expect(first.results[0].item_name).toBe('Reed 10');
    const reeds = (await call('POST', '/api/store/getStoreList', tok.subadmin, { item_name: 'reed', page: 2 })).data;
    expect(reeds).toMatchObject({ totalCount: 11, page: 2 });
    expect(names(reeds)).toEqual(['Reed 00']);
    const books = (await call('POST', '/api/store/category/list', tok.admin, {})).data.results;
    expect(books).toMatchObject([{ name: 'Books', productCount: 1 }]);
    expect(names((await call('POST', '/api/store/getStoreList', tok.admin, { select_category: books[0]._id })).data)).toEqual(['Piano Book']);
    // School B sees none of A's.
    expect((await call('POST', '/api/store/getStoreList', tok.adminB, {})).data.totalCount).toBe(0);
    // A teacher reads their school's Product Listing (decision 090): the same items and categories, and nothing of B's.
    expect((await call('POST', '/api/store/getStoreList', tok.teacher, { item_name: 'reed' })).data).toMatchObject({ totalCount: 11 });
    expect((await call('POST', '/api/store/category/list', tok.teacher, {})).data.results).toMatchObject([{ name: 'Books', productCount: 1 }]);
    await add(tok.adminB, { item_name: 'Reed of B' });
    expect(names((await call('POST', '/api/store/getStoreList', tok.teacher, { item_name: 'of b' })).data)).toEqual([]);
    expect(names((await call('POST', '/api/store/getStoreList', tok.teacher, { select_category: (await call('POST', '/api/store/category/add', tok.adminB, { name: 'B only' })).data._id })).data)).toEqual([]);
  });

  it('updates and removes an item; another school’s is not found and the stock is not a field of the change', async () => {
    const mine = await add(tok.admin, { item_name: 'To change' });
    const changed = await call('POST', '/api/store/updateStore', tok.subadmin, { ...item({ item_name: 'Changed', item_price: 2, quantity: 99 }), id: mine._id });
    expect(changed).toMatchObject({ message: M.updated, data: { item_name: 'Changed', item_price: 2, quantity: 3 } });
    const theirs = await add(tok.adminB, { item_name: 'Theirs' });
    const missing = await t.call('POST', '/api/store/updateStore', { token: tok.admin, body: { ...item(), id: NIL } });
    const other = await t.call('POST', '/api/store/updateStore', { token: tok.admin, body: { ...item(), id: theirs._id } });
    expect(other).toEqual(missing);
    expect(other.status).toBe(404);
    await call('GET', `/api/store/viewsingleProduct/${theirs._id}`, tok.student, undefined, 404);
    await call('DELETE', '/api/store/removeStore', tok.admin, { id: theirs._id }, 404);
    await call('DELETE', '/api/store/removeStore', tok.admin, { id: mine._id });
    await call('GET', `/api/store/viewsingleProduct/${mine._id}`, tok.admin, undefined, 404);
  });
});

describe('Inventory', () => {
  it('adjusts stock with a reason, keeps the history, marks low stock and never goes below zero', async () => {
    const p = await add(tok.admin, { item_name: 'Metronome', quantity: 6 });
    const res = await call('POST', '/api/store/stock/adjust', tok.admin, { productId: p._id, change: -2, reason: 'Two damaged in transit' });
    expect(res).toMatchObject({ message: M.stockAdjusted, data: { productId: p._id, quantity: 4 } });
    const below = await t.call('POST', '/api/store/stock/adjust', { token: tok.admin, body: { productId: p._id, change: -5, reason: 'Count' } });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ change: M.belowZero });
    expect((await t.call('POST', '/api/store/stock/adjust', { token: tok.admin, body: { productId: p._id, change: 0, reason: 'x' } })).body.errors).toEqual({ change: M.changeInvalid });
    expect((await t.call('POST', '/api/store/stock/adjust', { token: tok.admin, body: { productId: p._id, change: 1, reason: ' ' } })).body.errors).toEqual({ reason: M.reasonRequired });
    const history = (await call('POST', '/api/store/stock/history', tok.admin, { productId: p._id })).data;
    expect(history.results.map((h: { change: number; stockAfter: number; reason: string }) => [h.change, h.stockAfter, h.reason]))
      .toEqual([[-2, 4, 'Two damaged in transit'], [6, 6, 'Opening stock']]);
    const stock = (await call('POST', '/api/store/stock/list', tok.admin, { item_name: 'Metronome' })).data;
    expect(stock.results[0]).toMatchObject({ quantity: 4, lowStock: true });
    const low = (await call('POST', '/api/store/stock/list', tok.admin, { lowOnly: true })).data;
    expect(low.totalCount).toBe(low.lowStockCount);
    expect(low.results.every((r: { lowStock: boolean }) => r.lowStock)).toBe(true);
  });

  it('lets twenty concurrent removals of one take exactly the ten in stock', async () => {
    const p = await add(tok.admin, { item_name: 'Last ten', quantity: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      t.call('POST', '/api/store/stock/adjust', { token: tok.admin, body: { productId: p._id, change: -1, reason: 'Sold at the recital' } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400 && r.body.errors?.change === M.belowZero)).toHaveLength(10);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeProducts).where(eq(storeProducts.id, p._id)));
    expect(row!.stock).toBe(0);
    const lines = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(storeStockAdjustments).where(eq(storeStockAdjustments.productId, p._id)));
    expect(lines).toHaveLength(11);
    expect(lines.map((l) => l.stockAfter).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('is the admin’s: a sub-admin is refused, and another school’s item is not found', async () => {
    const p = await add(tok.admin, { item_name: 'Admin only' });
    await call('POST', '/api/store/stock/adjust', tok.subadmin, { productId: p._id, change: 1, reason: 'x' }, 403);
    await call('POST', '/api/store/stock/list', tok.subadmin, {}, 403);
    await call('POST', '/api/store/stock/adjust', tok.adminB, { productId: p._id, change: 1, reason: 'x' }, 404);
    await call('POST', '/api/store/stock/history', tok.adminB, { productId: p._id }, 404);
  });
});

describe('the provider’s store and sellers', () => {
  it('adds, lists, updates and deletes sellers (docs/domains/store.md), with a drop-down list', async () => {
    const seller = { first_name: 'Marco', last_name: 'Bellini', address: '22 Luthier Lane', state: 'NY', postal_code: '10013', cell_phone: '(212) 555-0142' };
    const added = await call('POST', '/api/seller/add', tok.superadmin, seller);
    expect(added).toMatchObject({ message: M.sellerAdded, data: { ...seller, productCount: 0 } });
    expect((await call('GET', '/api/seller/get?isDropDown=true', tok.superadmin)).data.results[0]).toMatchObject({ productCount: 0 });
    await call('POST', '/api/seller/add', tok.superadmin, { ...seller, first_name: 'Aiko', last_name: 'Tanaka' });
    const bad = await t.call('POST', '/api/seller/add', { token: tok.superadmin, body: { ...seller, cell_phone: '555', postal_code: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ cell_phone: 'Please enter a valid phone number', postal_code: M.numericOnly });
    const page = (await call('GET', '/api/seller/get?page=1&limit=1', tok.superadmin)).data;
    expect(page).toMatchObject({ totalCount: 2, limit: 1 });
    expect(page.results.map((s: { first_name: string }) => s.first_name)).toEqual(['Aiko']);
    const drop = (await call('GET', '/api/seller/get?isDropDown=true', tok.superadmin)).data;
    expect(drop.results.map((s: { first_name: string }) => s.first_name)).toEqual(['Aiko', 'Marco']);
    const updated = await call('POST', `/api/seller/update/${added.data._id}`, tok.superadmin, { ...seller, state: 'NJ' });
    expect(updated).toMatchObject({ message: M.sellerUpdated, data: { state: 'NJ' } });
    await call('DELETE', `/api/seller/delete/${added.data._id}`, tok.superadmin);
    await call('POST', `/api/seller/update/${added.data._id}`, tok.superadmin, seller, 404);
    for (const who of ['admin', 'subadmin', 'teacher', 'student'] as const) {
      await call('GET', '/api/seller/get', tok[who], undefined, 403);
      await call('POST', '/api/seller/add', tok[who], seller, 403);
    }
  });

  it('keeps the provider’s items with their sellers; every school with the store browses them beside its own', async () => {
    const seller = (await call('POST', '/api/seller/add', tok.superadmin, {
      first_name: 'Ida', last_name: 'Strings', address: '1 Bow St', state: 'CA', postal_code: '94107', cell_phone: '(415) 555-0177',
    })).data;
    const category = (await call('POST', '/api/store/category/add', tok.superadmin, { name: 'Instruments' })).data;
    const violin = await call('POST', '/api/store/addstore', tok.superadmin, item({ item_name: 'Provider Violin', item_price: 189, sellerId: seller._id, select_category: category._id }));
    expect(violin.data).toMatchObject({ store: 'provider', seller: { _id: seller._id, first_name: 'Ida' }, item_image: [] });
    // The provider's list is its own; a school's admin may read the provider's item but not change it.
    expect(names((await call('POST', '/api/store/getStoreList', tok.superadmin, {})).data)).toEqual(['Provider Violin']);
    await call('POST', '/api/store/updateStore', tok.admin, { ...item(), id: violin.data._id }, 403);
    // A school's item is not the provider's to change.
    const schoolItem = await add(tok.admin, { item_name: 'School only' });
    await call('POST', '/api/store/updateStore', tok.superadmin, { ...item(), id: schoolItem._id }, 404);

    const both = (await call('POST', '/api/schoolStore/getStoreList', tok.student, { item_name: 'o', limit: 100 })).data;
    expect(names(both)).toEqual(expect.arrayContaining(['Provider Violin', 'School only', 'Piano Book']));
    const provider = (await call('POST', '/api/schoolStore/getStoreList', tok.teacher, { store: 'provider' })).data;
    expect(names(provider)).toEqual(['Provider Violin']);
    expect(provider.results[0].seller).toMatchObject({ first_name: 'Ida' });
    const theirs = (await call('POST', '/api/schoolStore/getStoreList', tok.studentB, { limit: 100 })).data;
    expect(names(theirs)).not.toContain('School only');
    expect(names(theirs)).toContain('Provider Violin');
    const categories = (await call('POST', '/api/schoolStore/getCategories', tok.student, {})).data.results;
    expect(categories).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Instruments', store: 'provider' }), expect.objectContaining({ name: 'Books', store: 'school' })]));
    expect(names((await call('POST', '/api/schoolStore/getStoreList', tok.student, { select_category: category._id })).data)).toEqual(['Provider Violin']);
    const opened = await call('GET', `/api/store/viewsingleProduct/${violin.data._id}`, tok.studentB);
    expect(opened.data).toMatchObject({ item_name: 'Provider Violin', item_price: 189, inStock: true });
  });

  it('shows a provider item’s image to a school’s student through a signed link', async () => {
    const image = await upload(tok.superadmin, tinyPng());
    const drum = (await call('POST', '/api/store/addstore', tok.superadmin, item({ item_name: 'Provider Drum', item_image: image }))).data;
    const seen = (await call('GET', `/api/store/viewsingleProduct/${drum._id}`, tok.student)).data;
    expect(seen.item_image).toHaveLength(1);
    await rawCall(t, 'GET', seen.item_image[0].location, { status: 200 });
  });

  it('searches both stores by name, ten at most, in name order', async () => {
    const found = (await call('POST', '/api/store/search', tok.student, { item_name: 'reed' })).data;
    expect(found.totalCount).toBe(11);
    expect(found.results).toHaveLength(10);
    expect(found.results[0].item_name).toBe('Reed 00');
    expect(names((await call('POST', '/api/store/search', tok.student, { item_name: 'provider' })).data)).toEqual(['Provider Drum', 'Provider Violin']);
    expect((await t.call('POST', '/api/store/search', { token: tok.student, body: { item_name: 'x'.repeat(101) } })).status).toBe(400);
  });
});

describe('who may call the store', () => {
  const MANAGE_CALLS: [string, 'GET' | 'POST' | 'DELETE', string, unknown][] = [
    ['list', 'POST', '/api/store/getStoreList', {}],
    ['add', 'POST', '/api/store/addstore', item()],
    ['categories', 'POST', '/api/store/category/list', {}],
    ['add a category', 'POST', '/api/store/category/add', { name: 'X' }],
  ];

  it('refuses teachers, students and parents the selling side, and parents the store (403); a teacher only reads the listing', async () => {
    for (const who of ['teacher', 'student', 'parent'] as const) {
      for (const [name, method, url, body] of MANAGE_CALLS) {
        const reads = who === 'teacher' && (name === 'list' || name === 'categories');
        await call(method, url, tok[who], body, reads ? 200 : 403);
      }
      await call('POST', '/api/store/stock/adjust', tok[who], { productId: NIL, change: 1, reason: 'x' }, 403);
      await call('POST', '/api/store/updateStore', tok[who], { ...item(), id: NIL }, 403);
      await call('DELETE', '/api/store/removeStore', tok[who], { id: NIL }, 403);
    }
    await call('POST', '/api/schoolStore/getStoreList', tok.parent, {}, 403);
    await call('POST', '/api/store/search', tok.parent, { item_name: 'a' }, 403);
    await call('GET', `/api/store/viewsingleProduct/${NIL}`, tok.parent, undefined, 403);
  });

  it('answers 401 without a session', async () => {
    for (const [, method, url, body] of MANAGE_CALLS) expect((await t.call(method, url, { body })).status).toBe(401);
    expect((await t.call('POST', '/api/schoolStore/getStoreList', { body: {} })).status).toBe(401);
    expect((await t.call('GET', '/api/seller/get')).status).toBe(401);
  });

  it('closes every store call of a school without showStore (403), until the superadmin opens it', async () => {
    for (const [, method, url, body] of MANAGE_CALLS) {
      const res = await t.call(method, url, { token: tok.adminOff, body });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(M.storeOff);
    }
    await call('POST', '/api/store/stock/list', tok.adminOff, {}, 403);
    await call('POST', '/api/schoolStore/getStoreList', tok.studentOff, {}, 403);
    await call('POST', '/api/store/search', tok.studentOff, { item_name: 'a' }, 403);

    expect((await call('POST', '/api/store/schoolStore', tok.superadmin, { adminId: off.adminId })).data).toEqual({ adminId: off.adminId, showStore: false });
    await call('POST', '/api/store/setSchoolStore', tok.admin, { adminId: off.adminId, showStore: true }, 403);
    await call('POST', '/api/store/setSchoolStore', tok.superadmin, { adminId: NIL, showStore: true }, 404);
    expect(await call('POST', '/api/store/setSchoolStore', tok.superadmin, { adminId: off.adminId, showStore: true })).toMatchObject({ message: M.schoolStoreSet, data: { showStore: true } });
    await call('POST', '/api/store/getStoreList', tok.adminOff, {});
    expect(names((await call('POST', '/api/schoolStore/getStoreList', tok.studentOff, { store: 'provider' })).data)).toContain('Provider Violin');
    await call('POST', '/api/store/setSchoolStore', tok.superadmin, { adminId: off.adminId, showStore: false });
    await call('POST', '/api/store/getStoreList', tok.adminOff, {}, 403);
  });
});
