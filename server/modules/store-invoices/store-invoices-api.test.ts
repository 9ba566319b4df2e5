import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools, storeOrderItems, storeOrders } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { INVOICE_TERMS } from '../../../shared/contracts/store-invoices.js';
import { pdfText } from '../../test/pdf-text.js';

/**
 * The printable invoices (issue 16): GET /order/getSingleUserOrder?id&type (1 customer, 2 vendor)
 * and its PDF, for the buyer, the store's staff and the superadmin; anyone else 404, bad input
 * 400, signed out 401, a school without the store 403.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let superadminId: string;
type Who = 'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'studentB' | 'superadmin';
let tok: Record<Who, string>;
let schoolOrder: string;
let providerOrder: string;
const NIL = '00000000-0000-4000-8000-000000000000';

const get = async (url: string, token: string | undefined, status = 200) => {
  const res = await t.call('GET', url, { token });
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(status);
  return res.body;
};
const SHIP_TO = { firstName: 'Lily', lastName: 'Chen', address1: '48 Maple Avenue', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US', phone: '(217) 555-0148', email: 'lily@example.test' };

/** An order placed directly (checkout is the store-orders module's, tested there): 2 × $10.00 taxed at 8.25 %, $2.50 shipping each. */
async function insertOrder(store: { adminId: string; provider: boolean }, buyer: { id: string; adminId: string }, productId: string, number: number, sellerId: string | null) {
  return t.db.transaction({ kind: 'all' }, async (tx) => {
    const [order] = await tx.insert(storeOrders).values({
      adminId: store.adminId, provider: store.provider, orderNumber: number, userId: buyer.id, buyerAdminId: buyer.adminId, ...SHIP_TO,
      subtotalCents: 2000, taxRateBp: 825, taxCents: 165, shippingCents: 500, grandTotalCents: 2665, idempotencyKey: `inv-${number}`, paymentStatus: 'charged', status: 'paid',
    }).returning();
    await tx.insert(storeOrderItems).values({
      adminId: store.adminId, buyerAdminId: buyer.adminId, orderId: order!.id, productId, sellerId, itemName: 'Piano Book', itemCode: 'BK-1',
      unitPriceCents: 1000, quantity: 2, lineTotalCents: 2000, shippingCents: 500, taxApplicable: true,
    });
    return order!.id;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await createSchool(t.db), await createSchool(t.db)];
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    for (const s of [a, b]) await tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, s.adminId));
  });
  const superadmin = await createUser(t.db, 'superadmin', null);
  superadminId = superadmin.id;
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    studentB: await sessionToken(t, b.student.id), superadmin: await sessionToken(t, superadmin.id),
  };
  const item = { item_name: 'Piano Book', item_code: 'BK-1', item_price: '10', quantity: 5, shipping_cost: '2.50', tax_applicable: true, item_image: null, select_category: null };
  const own = (await t.call('POST', '/api/store/addstore', { token: tok.admin, body: item })).body.data._id as string;
  const seller = (await t.call('POST', '/api/seller/add', {
    token: tok.superadmin, body: { first_name: 'Marco', last_name: 'Bellini', address: '22 Luthier Lane', state: 'NY', postal_code: '10013', cell_phone: '(212) 555-0142' },
  })).body.data._id as string;
  const providerItem = (await t.call('POST', '/api/store/addstore', { token: tok.superadmin, body: { ...item, sellerId: seller } })).body.data._id as string;
  schoolOrder = await insertOrder({ adminId: a.adminId, provider: false }, { id: a.student.id, adminId: a.adminId }, own, 1001, null);
  providerOrder = await insertOrder({ adminId: superadminId, provider: true }, { id: a.student.id, adminId: a.adminId }, providerItem, 1002, seller);
});
afterAll(() => t.close());

describe('the customer invoice (type 1)', () => {
  it('has every field of docs/domains/store.md and the customer terms', async () => {
    const res = await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=1`, tok.student);
    expect(res.data).toMatchObject({
      type: 1, order_number: '#1001', subTotal: 20, taxApplicable: 1.65, totalShippingCost: 5, grandTotal: 26.65, terms: INVOICE_TERMS.customer,
      userId: { _id: a.student.id },
      addressId: { first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', city: 'Springfield', state: 'IL', postal_code: '62704', country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test' },
    });
    expect(res.data.userId.school_name).toBeTruthy();
    expect(res.data.items).toEqual([expect.objectContaining({ price: 10, quantity: 2, total: 20, storeId: expect.objectContaining({ item_name: 'Piano Book', item_code: 'BK-1', item_image: [] }) })]);
  });

  it('opens for the buyer, the store’s staff and the superadmin; anyone else is told it does not exist', async () => {
    for (const who of ['student', 'admin', 'subadmin', 'superadmin'] as const) await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=1`, tok[who]);
    const missing = await get(`/api/order/getSingleUserOrder?id=${NIL}&type=1`, tok.teacher, 404);
    for (const who of ['teacher', 'adminB', 'studentB'] as const) {
      expect(await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=1`, tok[who], 404)).toEqual(missing);
    }
    // A provider order: its buyer and the superadmin; the buyer's school staff do not keep the provider's store.
    await get(`/api/order/getSingleUserOrder?id=${providerOrder}&type=1`, tok.student);
    await get(`/api/order/getSingleUserOrder?id=${providerOrder}&type=1`, tok.superadmin);
    await get(`/api/order/getSingleUserOrder?id=${providerOrder}&type=1`, tok.admin, 404);
  });

  it('answers 401 signed out, 400 for bad input and 403 to a school without the store', async () => {
    await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=1`, undefined, 401);
    expect(Object.keys((await get(`/api/order/getSingleUserOrder?id=nope&type=3`, tok.student, 400)).errors!).sort()).toEqual(['id', 'type']);
    expect((await get(`/api/order/getSingleUserOrder?id=${schoolOrder}`, tok.student, 400)).errors).toHaveProperty('type');
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ showStore: false }).where(eq(schools.adminId, a.adminId)));
    try {
      await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=1`, tok.student, 403);
      await get(`/api/order/invoicePdf?id=${schoolOrder}&type=1`, tok.student, 403);
    } finally {
      await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, a.adminId)));
    }
  });
});

describe('the vendor invoice (type 2)', () => {
  it('names the provider order’s seller, the ship-to address and the vendor terms', async () => {
    const res = await get(`/api/order/getSingleUserOrder?id=${providerOrder}&type=2`, tok.superadmin);
    expect(res.data).toMatchObject({
      type: 2, order_number: '#1002', subTotal: 20, taxApplicable: 1.65, grandTotal: 21.65, terms: INVOICE_TERMS.vendor,
      seller: { first_name: 'Marco', last_name: 'Bellini', address: '22 Luthier Lane', state: 'NY', postal_code: '10013', cell_phone: '(212) 555-0142' },
      addressId: { first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', state: 'IL', postal_code: '62704' },
    });
  });

  it('names the school as the seller of its own store’s order', async () => {
    const res = await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=2`, tok.admin);
    const [school] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ name: schools.schoolName }).from(schools).where(eq(schools.adminId, a.adminId)));
    expect(res.data.seller.first_name).toBe(school!.name);
    await get(`/api/order/getSingleUserOrder?id=${schoolOrder}&type=2`, tok.adminB, 404);
  });

  it('is not the buyer’s: the buyer who opens the order is told its vendor invoice does not exist', async () => {
    const missing = await get(`/api/order/getSingleUserOrder?id=${NIL}&type=2`, tok.student, 404);
    for (const order of [schoolOrder, providerOrder]) {
      expect((await get(`/api/order/viewOrder/${order}`, tok.student)).data.invoices).toEqual(['customer']);
      expect(await get(`/api/order/getSingleUserOrder?id=${order}&type=2`, tok.student, 404)).toEqual(missing);
      await rawCall(t, 'GET', `/api/order/invoicePdf?id=${order}&type=2`, { token: tok.student, status: 404 });
    }
  });
});

describe('Download Invoice', () => {
  it('gives a vector PDF of the same invoice: its text has the order number, the totals and the terms', async () => {
    const res = await rawCall(t, 'GET', `/api/order/invoicePdf?id=${schoolOrder}&type=1`, { token: tok.student, status: 200 });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-1001.pdf"');
    const text = await pdfText(res.body);
    for (const words of ['Invoice #1001', 'Piano Book (BK-1)', '$10.00', '$20.00', '$1.65', '$5.00', '$26.65', INVOICE_TERMS.customer]) expect(text).toContain(words);

    const vendor = await rawCall(t, 'GET', `/api/order/invoicePdf?id=${providerOrder}&type=2`, { token: tok.superadmin, status: 200 });
    const vendorText = await pdfText(vendor.body);
    for (const words of ['Vendor Invoice #1002', 'Marco Bellini', '22 Luthier Lane', '$21.65', INVOICE_TERMS.vendor]) expect(vendorText).toContain(words);
    // The goods and their tax: the customer's total (with shipping) is not the seller's.
    expect(vendorText).not.toContain('$26.65');

    await rawCall(t, 'GET', `/api/order/invoicePdf?id=${schoolOrder}&type=1`, { token: tok.teacher, status: 404 });
    await rawCall(t, 'GET', `/api/order/invoicePdf?id=${schoolOrder}&type=1`, { status: 401 });
  });
});
