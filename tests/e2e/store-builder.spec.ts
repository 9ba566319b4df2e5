/**
 * Store Builder and the store widget (issue 16): Riverside's admin picks and orders products for
 * the widget, the Store Widget page gives its link and snippet, and a signed-out visitor's public
 * page shows them (image or placeholder, price, in or out of stock, Buy). Northside (no store):
 * Store Builder says so and its widget calls answer 403 (store.spec covers its menu). Axe on
 * every page; 1440 and 390 px. Riverside's on a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md),
 * with the store's demo: its widget starts empty; Northside stays the demo's.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, tokenOf } from './support/fixtures';
import { shoot } from './support/shots';

const selectField = (scope: Locator | Page, label: string) => scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first();
test('the admin picks products for the store widget and a signed-out visitor sees them', async ({ page, browser, school }) => {
  test.slow();
  const user = await signInWithApi(page, school.login('admin'), { at: '/stores/product-listing' });
  await page.getByRole('link', { name: 'Store Builder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store Builder' })).toBeVisible();
  await expect(page.getByText('No products chosen yet')).toBeVisible();
  await expectNoViolations(page);

  for (const name of ['Digital Metronome', 'Cleaning Cloth', 'Scale Flash Cards']) {
    await selectField(page, 'Product').click();
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Move Scale Flash Cards up' }).click();
  const chosen = page.getByRole('list', { name: 'Products in the widget' });
  await expect(chosen.getByRole('listitem')).toHaveText([/Digital Metronome/, /Scale Flash Cards/, /Cleaning Cloth/]);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Store widget saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'In the widget (3 of 50)' })).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'store-builder-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'store-builder-390.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'Get the widget’s link and snippet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store Widget' })).toBeVisible();
  const link = `${new URL(page.url()).origin}/widget/store/${user.user.adminId}`;
  await expect(page.getByRole('textbox', { name: 'Widget link' })).toHaveValue(link);
  await expect(page.getByRole('textbox', { name: 'Embed snippet' })).toHaveValue(new RegExp(`<iframe src="${link}"`));
  await expect(page.frameLocator('iframe[title="Store Widget preview"]').getByRole('heading', { name: /^Store of / })).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'store-widget-1440.png', { fullPage: true });

  // A visitor of the school's website: no session.
  const visitorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: /^Store of / })).toBeVisible();
    const cards = visitor.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('Digital Metronome');
    await expect(cards.nth(0)).toContainText('$24.99');
    await expect(cards.nth(0)).toContainText('In stock');
    await expect(cards.nth(0).getByTestId('item-image')).toBeVisible();
    await expect(cards.nth(1)).toContainText('Scale Flash Cards');
    await expect(cards.nth(1)).toContainText('Out of stock');
    await expect(cards.nth(1).getByRole('button', { name: 'Scale Flash Cards is out of stock' })).toBeDisabled();
    await expect(cards.nth(2).getByTestId('item-image-placeholder')).toBeVisible();
    const buy = visitor.getByRole('link', { name: 'Buy Cleaning Cloth' });
    expect(new URL((await buy.getAttribute('href'))!).pathname).toBe('/store');
    // Buying opens the app in a tab of its own; signed out, it asks to sign in first and comes back to the store.
    const [tab] = await Promise.all([visitor.waitForEvent('popup'), buy.click()]);
    await expect(tab).toHaveURL(/\/login\?next=%2Fstore$/);
    await tab.close();
    await expectNoViolations(visitor);
    await shoot(visitor, 'store-widget-public-1440.png', { fullPage: true });
    await visitor.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(visitor);
    await shoot(visitor, 'store-widget-public-390.png', { fullPage: true });
  } finally {
    await visitorContext.close();
  }
});

test('a school without the store: Store Builder says so, its widget calls answer 403 and its widget page is not available', async ({ page, request }) => {
  const user = await signInWithApi(page, 'admin2', { at: '/studentbilling/storebuilder' });
  await expect(page.getByText('The store is not part of this school’s plan')).toBeVisible();
  await expectNoViolations(page);
  const { token } = await tokenOf(request, 'admin2');
  for (const [url, data] of [['/api/store/widget/get', {}], ['/api/store/widget/set', { productIds: [] }]] as const) {
    const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), url).toBe(403);
  }
  await page.goto(`/widget/store/${user.user.adminId}`);
  await expect(page.getByRole('alert')).toContainText('This store is not available');
});
