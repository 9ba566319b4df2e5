/**
 * The store's buying side (issue 16, decisions 046 and 053): Lily Chen adds an item to her cart twice
 * (quantity 2), checks out with the sandbox card and opens her order; the school's admin moves it
 * to shipped from the order's page. Oliver Brooks, who pays for himself and so keeps saved cards,
 * checks out with his saved card. Axe on the cart, checkout (both card steps), Order Listing and
 * Order Details; the new pages and the card step at 1440 and 390 px. Each test on a school of its own
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md), with the store's demo: its cart starts empty.
 */
import { TEST_CARD_CODE } from './support/constants';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, tokenOf } from './support/fixtures';
import { chooseOrderStatus, moveOrderTo } from './support/store-orders';
import { shoot } from './support/shots';

const ITEM = 'Folding Music Stand';

test('a student buys an item twice over, checks out with the sandbox card, and the admin ships it', async ({ page, school }) => {
  test.slow();
  // The demo school's sales tax is 6.25 %; its admin changes it (decision 074): the stand says "Sales tax applies".
  await signInWithApi(page, school.login('admin'), { at: '/stores/product-listing' });
  await page.getByRole('button', { name: 'Sales tax' }).click();
  const tax = page.getByRole('dialog', { name: 'Sales tax' });
  await expect(tax.getByLabel('Tax rate (%)')).toHaveValue('6.25');
  await tax.getByLabel('Tax rate (%)').fill('8.25');
  await expectNoViolations(page);
  await tax.getByRole('button', { name: 'Save tax rate' }).click();
  await expect(page.getByText('Tax rate saved')).toBeVisible();
  await expect(tax).toBeHidden();

  await signInWithApi(page, school.login('student'), { at: '/store' });
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
  // The add's toast gives way to the cart, which shows the line itself: at the top right it covered the first line.
  await expect(page.getByText('Item added to cart')).toBeHidden();
  // $19.99 × 2, tax 8.25 % of $39.98 = $3.29835, rounded once to $3.30, shipping $8.00 × 2.
  await expect(cart.getByLabel('Cart totals')).toContainText('$39.98');
  await expect(cart.getByLabel('Cart totals')).toContainText('Tax (8.25 %)$3.30');
  await expect(cart.getByLabel('Cart totals')).toContainText('$16.00');
  await expect(cart.getByLabel('Cart totals')).toContainText('Grand Total$59.28');
  await expectNoViolations(page);
  await shoot(page, 'cart-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cart.getByLabel(`Quantity of ${ITEM}`)).toBeVisible();
  await shoot(page, 'cart-390.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await cart.getByRole('button', { name: 'Checkout' }).click();

  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  const address = checkout.getByRole('form', { name: 'Shipping address' });
  await expect(address.getByLabel('First Name')).toHaveValue('Lily');
  await address.getByLabel('Address', { exact: true }).fill('48 Maple Avenue');
  await address.getByLabel('Phone').fill('(217) 555-0148');
  await expectNoViolations(page);
  await address.getByRole('button', { name: 'Continue to payment' }).click();
  const payment = checkout.getByRole('form', { name: 'Payment' });
  await expect(payment.getByLabel('Order totals')).toContainText('Tax (8.25 %)$3.30');
  await expect(payment.getByLabel('Order totals')).toContainText('Grand Total$59.28');
  // The number as printed on the card, with its spaces (decision 074).
  await payment.getByLabel('Card number').pressSequentially('4111 1111 1111 1111');
  await expect(payment.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(payment.getByText('Visa', { exact: true })).toBeVisible();
  await payment.getByLabel('Card code (CVV)').fill('123');
  await payment.getByLabel('Expiry month').selectOption('12');
  await payment.getByLabel('Expiry year').selectOption('2030');
  await expectNoViolations(page);
  await shoot(page, 'card-checkout-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'card-checkout-390.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await payment.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/stores\/order-details\//);
  const heading = page.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const orderNo = (await heading.textContent())!.replace('Order ', '');
  const orderUrl = page.url();
  await expect(page.getByRole('table', { name: 'Items' }).getByRole('row', { name: new RegExp(ITEM) })).toContainText('2');
  await expect(page.getByLabel('Totals')).toContainText('$59.28');
  await expect(page.getByText('Paid').first()).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'order-details-student-1440.png', { fullPage: true });

  await page.goto('/stores/order-listing/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Listing' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Order ${orderNo}` })).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'order-listing-student-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'order-listing-student-390.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The school's admin finds it in the store's orders and ships it.
  await signInWithApi(page, school.login('admin'), { at: '/stores/order-listing/1' });
  await page.getByRole('link', { name: `Order ${orderNo}` }).click();
  await expect(page).toHaveURL(orderUrl);
  await moveOrderTo(page, 'Shipped');
  await expectNoViolations(page);
  await shoot(page, 'order-details-admin-1440.png', { fullPage: true });
  // A refund asks first.
  await chooseOrderStatus(page, 'Refunded');
  const confirm = page.getByRole('dialog', { name: 'Refund order' });
  await expect(confirm).toContainText('$59.28');
  await expectNoViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'order-details-admin-390.png', { fullPage: true });
});

test('a student who keeps a saved card checks out with it, and the order is paid', async ({ page, request, school }) => {
  test.slow();
  const CLOTH = 'Cleaning Cloth';
  const { token } = await tokenOf(request, school.login('oliverbrooks'));
  const headers = { authorization: `Bearer ${token}` };
  const address = {
    first_name: 'Oliver', last_name: 'Brooks', address1: '12 West End Avenue', address2: null, city: 'New York', state: 'NY', postal_code: '10023',
    country: 'US', cellPhone: '(212) 555-0199', email: 'oliver.brooks@example.test',
  };
  expect((await request.post('/api/order/addUserOrderAddress', { headers, data: address })).status()).toBe(200);
  const saved = await request.post('/api/studentBilling/addToCard', {
    headers,
    data: {
      cardNo: '4111111111111111', expMonth: '11', expYear: '2032', cardCode: TEST_CARD_CODE, firstName: 'Oliver', lastName: 'Brooks', email: address.email,
      cellPhone: address.cellPhone, address1: address.address1, city: address.city, state: address.state, postalCode: address.postal_code, country: 'US', isDefault: true,
    },
  });
  expect(saved.status()).toBe(200);

  await signInWithApi(page, school.login('oliverbrooks'), { at: '/store' });
  await page.getByLabel('Store items').getByRole('button', { name: `Open ${CLOTH}` }).click();
  const item = page.getByRole('dialog', { name: CLOTH });
  await item.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();
  await item.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Cart, 1 items' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.getByLabel('First Name')).toHaveValue('Oliver');
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();

  const payment = checkout.getByRole('form', { name: 'Payment' });
  const payWith = payment.getByRole('radiogroup', { name: 'Pay with' });
  await expect(payWith.getByRole('radio', { name: 'Visa ending in 1111 (default)' })).toBeChecked();
  await expect(payWith.getByText('Expires 11/2032')).toBeVisible();
  await expect(payment.getByLabel('Card number')).toBeHidden();
  await expectNoViolations(page);
  await shoot(page, 'checkout-saved-card-1440.png');
  // A new card is the other choice, with its fields.
  await payWith.getByRole('radio', { name: 'New card' }).check();
  await expect(payment.getByLabel('Card number')).toBeVisible();
  await expectNoViolations(page);
  await payWith.getByRole('radio', { name: 'Visa ending in 1111 (default)' }).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'checkout-saved-card-390.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  await payment.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/stores\/order-details\//);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items' }).getByRole('row', { name: new RegExp(CLOTH) })).toContainText('1');
  await expect(page.getByText('Paid').first()).toBeVisible();
  await expect(page.getByText('Visa ending 1111')).toBeVisible();
  await expectNoViolations(page);
});
