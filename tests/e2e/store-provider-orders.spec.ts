/**
 * The provider's store (issue 16): Lily Chen buys the provider's Concert Ukulele (Aiko Tanaka's)
 * with the sandbox card; the superadmin finds the order among every store's, moves it to shipped
 * and opens its vendor invoice, whose seller is Aiko. The buying itself goes through the API
 * (store-orders.spec drives the checkout dialog); axe and 390 px on the superadmin's pages. Lily is
 * of a Riverside of the test's own (docs/decisions/064-each-browser-spec-on-its-own-school.md), so her
 * cart starts empty; the provider's catalogue and the superadmin are the demo's, and the order is
 * found by its own number.
 */
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, tokenOf, type School } from './support/fixtures';
import { moveOrderTo } from './support/store-orders';
import { shoot } from './support/shots';

const ITEM = 'Concert Ukulele';

/** Lily's paid order of one provider item; returns its id and number. */
async function buyProviderItem(request: APIRequestContext, school: School): Promise<{ _id: string; orderNo: string }> {
  const { token } = await tokenOf(request, school.login('student'));
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  const list = (await post('/api/schoolStore/getStoreList', { store: 'provider', item_name: ITEM })) as { results: { _id: string; item_name: string }[] };
  const item = list.results.find((i) => i.item_name === ITEM)!;
  await post('/api/cart/addtoCart', { storeId: item._id, quantity: 1 });
  await post('/api/order/addUserOrderAddress', {
    first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', city: 'Springfield', state: 'IL', postal_code: '62704',
    country: 'United States', cellPhone: '(217) 555-0148', email: school.email('lily.chen@riversidemusic.example'),
  });
  const placed = (await post('/api/order/addtoOrder', {
    idempotencyKey: randomUUID(), cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123',
  })) as { order: { _id: string; orderNo: string } };
  return placed.order;
}

test('the superadmin ships an order of the provider’s store and opens its vendor invoice, whose seller is the item’s', async ({ page, request, school }) => {
  const order = await buyProviderItem(request, school);
  await signInWithApi(page, 'superadmin');
  // Newest first, ten a page: only the few orders a parallel worker places in these seconds come before it.
  await page.goto('/stores/order-listing/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Listing' })).toBeVisible();
  await page.getByRole('link', { name: `Order ${order.orderNo}, Cadenza Store` }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/order-details/${order._id}$`));
  await expect(page.getByRole('table', { name: 'Items' }).getByRole('row', { name: new RegExp(ITEM) })).toBeVisible();

  await moveOrderTo(page, 'Shipped');
  await expectNoViolations(page);

  // The printable invoice opens in a tab of its own.
  const opening = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Vendor invoice' }).click();
  const invoice = await opening;
  await expect(invoice).toHaveURL(new RegExp(`/vendor/${order._id}$`));
  await expect(invoice.getByRole('heading', { level: 1, name: `Vendor Invoice ${order.orderNo}` })).toBeVisible();
  await expect(invoice.getByText('Seller')).toBeVisible();
  await expect(invoice.getByText('Aiko Tanaka')).toBeVisible();
  await expect(invoice.getByText(ITEM)).toBeVisible();
  // The seller's goods and their tax: no shipping on the vendor's sheet, so none in its total.
  await expect(invoice.getByTestId('invoice-grand-total')).toHaveText('$74.00');
  await expectNoViolations(invoice);
  await shoot(invoice, 'provider-vendor-invoice-1440.png', { fullPage: true });
  await invoice.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(invoice);
  await shoot(invoice, 'provider-vendor-invoice-390.png', { fullPage: true });
});
