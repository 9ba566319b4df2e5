/**
 * The store's buying side (issue 16, decision 046): Lily Chen adds an item to her cart twice
 * (quantity 2), checks out with the sandbox card and opens her order; the school's admin moves it
 * to shipped from the order's page. Axe on the cart, checkout, Order Listing and Order Details;
 * the new pages at 1440 and 390 px.
 */
import type { Page } from '@playwright/test';
import { blockingViolations, expect, signInWithApi, test, tokenOf, waitForIdle } from './support/fixtures';

async function expectNoViolations(page: Page) {
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
}
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
const ITEM = 'Folding Music Stand';

test('a student buys an item twice over, checks out with the sandbox card, and the admin ships it', async ({ page, request }) => {
  test.slow();
  // A retry starts from an empty cart: the first try may have left lines in it.
  const { token } = await tokenOf(request, 'student');
  const headers = { authorization: `Bearer ${token}` };
  const left = (await (await request.post('/api/cart/viewCart', { headers, data: {} })).json()).data.results as { storeId: { _id: string } }[];
  for (const line of left) await request.post('/api/cart/removeCart', { headers, data: { storeId: line.storeId._id } });
  await signInWithApi(page, 'student');
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  const grid = page.getByLabel('Store items');
  for (let i = 0; i < 2; i += 1) {
    await grid.getByRole('button', { name: `Open ${ITEM}` }).click();
    const item = page.getByRole('dialog', { name: ITEM });
    await item.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('button', { name: `Cart, ${i + 1} items` })).toBeVisible();
    await item.getByRole('button', { name: 'Close' }).click();
    await expect(item).toBeHidden();
  }

  await page.getByRole('button', { name: /^Cart, \d+ items$/ }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart.getByLabel(`Quantity of ${ITEM}`)).toHaveValue('2');
  // $19.99 × 2, shipping $8.00 × 2.
  await expect(cart.getByLabel('Cart totals')).toContainText('$39.98');
  await expect(cart.getByLabel('Cart totals')).toContainText('$16.00');
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('cart-1440.png') });
  await cart.getByRole('button', { name: 'Checkout' }).click();

  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  const address = checkout.getByRole('form', { name: 'Shipping address' });
  await expect(address.getByLabel('First Name')).toHaveValue('Lily');
  await address.getByLabel('Address', { exact: true }).fill('48 Maple Avenue');
  await address.getByLabel('Phone').fill('(217) 555-0148');
  await expectNoViolations(page);
  await address.getByRole('button', { name: 'Continue to payment' }).click();
  const payment = checkout.getByRole('form', { name: 'Payment' });
  await payment.getByLabel('Card Number').fill('4111111111111111');
  await payment.getByLabel('Card Code').fill('123');
  await payment.getByLabel('Month').selectOption('12');
  await payment.getByLabel('Year').selectOption('2030');
  await expectNoViolations(page);
  await payment.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/stores\/order-details\//);
  const heading = page.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const orderNo = (await heading.textContent())!.replace('Order ', '');
  const orderUrl = page.url();
  await expect(page.getByRole('table', { name: 'Items' }).getByRole('row', { name: new RegExp(ITEM) })).toContainText('2');
  await expect(page.getByLabel('Totals')).toContainText('$55.98');
  await expect(page.getByText('Paid').first()).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-details-student-1440.png'), fullPage: true });

  await page.goto('/stores/order-listing/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Listing' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Order ${orderNo}` })).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-listing-student-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await page.screenshot({ path: test.info().outputPath('order-listing-student-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The school's admin finds it in the store's orders and ships it.
  await signInWithApi(page, 'admin');
  await page.goto('/stores/order-listing/1');
  await page.getByRole('link', { name: `Order ${orderNo}` }).click();
  await expect(page).toHaveURL(orderUrl);
  const control = page.getByRole('form', { name: 'Change status' });
  await control.getByRole('textbox', { name: 'New status' }).or(control.getByRole('combobox', { name: 'New status' })).first().click();
  await page.getByRole('option', { name: 'Shipped', exact: true }).click();
  await control.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Order status updated')).toBeVisible();
  await expect(page.getByLabel('Status history')).toContainText('Shipped');
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-details-admin-1440.png'), fullPage: true });
  // A refund asks first.
  await control.getByRole('textbox', { name: 'New status' }).or(control.getByRole('combobox', { name: 'New status' })).first().click();
  await page.getByRole('option', { name: 'Refunded', exact: true }).click();
  await control.getByRole('button', { name: 'Update status' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund order' });
  await expect(confirm).toContainText('$55.98');
  await expectNoViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await page.screenshot({ path: test.info().outputPath('order-details-admin-390.png'), fullPage: true });
});
