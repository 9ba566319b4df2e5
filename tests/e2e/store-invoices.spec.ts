/**
 * The printable store invoices (issue 16): Lily Chen opens her delivered order's customer invoice
 * and downloads its PDF; Riverside's admin opens the vendor invoice; a teacher who is not the
 * buyer is told the invoice is not found, and Northside's admin (no store) why it cannot load. Axe on both pages; 1440 and 390 px. Reads the demo order only:
 * each test's in a Riverside of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md); Northside stays the demo's.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, tokenOf, type School } from './support/fixtures';
import { shoot } from './support/shots';

/** Lily Chen's delivered demo order, as she lists it. */
async function lilysDeliveredOrder(request: APIRequestContext, school: School): Promise<{ _id: string; orderNo: string }> {
  const { token } = await tokenOf(request, school.login('student'));
  const res = await request.post('/api/order/getorderList', { headers: { authorization: `Bearer ${token}` }, data: { status: 'delivered' } });
  expect(res.status()).toBe(200);
  const { results } = ((await res.json()) as { data: { results: { _id: string; orderNo: string }[] } }).data;
  expect(results.length).toBeGreaterThan(0);
  return results[0]!;
}

async function shootPage(page: Page, name: string) {
  await shoot(page, `${name}-1440.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, `${name}-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the buyer opens her customer invoice and downloads it as a PDF', async ({ page, request, school }) => {
  const order = await lilysDeliveredOrder(request, school);
  await signInWithApi(page, school.login('student'), { at: `/invoice/${order._id}` });
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${order.orderNo}` })).toBeVisible();
  await expect(page.getByText('Digital Metronome')).toBeVisible();
  await expect(page.getByText('Cleaning Cloth')).toBeVisible();
  await expect(page.getByText('Ship to')).toBeVisible();
  await expect(page.getByText('48 Maple Avenue')).toBeVisible();
  await expect(page.getByTestId('invoice-grand-total')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByTestId('invoice-shipping')).toHaveText(/^\$/);
  await expect(page.getByText('This will be a monthly recurring payment.')).toBeVisible();
  await expectNoViolations(page);
  await shootPage(page, 'customer-invoice');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});

test('a signed-out visitor is asked to sign in, with the way to the sign-in page', async ({ page, request, school }) => {
  const order = await lilysDeliveredOrder(request, school);
  await page.goto(`/invoice/${order._id}`);
  await expect(page.getByText('Sign in to see this invoice')).toBeVisible();
  await expect(page.getByText('Digital Metronome')).toHaveCount(0);
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?/);
});

test('the school admin opens the vendor invoice; others are kept out', async ({ page, request, browser, school }) => {
  const order = await lilysDeliveredOrder(request, school);
  await signInWithApi(page, school.login('admin'), { at: `/vendor/${order._id}` });
  await expect(page.getByRole('heading', { level: 1, name: `Vendor Invoice ${order.orderNo}` })).toBeVisible();
  await expect(page.getByText('Seller')).toBeVisible();
  await expect(page.getByText('Digital Metronome')).toBeVisible();
  await expect(page.getByText('Cash and check payments are due upon receipt.')).toBeVisible();
  await expect(page.getByTestId('invoice-shipping')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download Invoice' })).toBeVisible();
  await expectNoViolations(page);
  await shootPage(page, 'vendor-invoice');

  // A teacher of the same school is neither the buyer nor the store's staff: the order does not exist for her.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signInWithApi(stranger, school.login('teacher'), { at: `/invoice/${order._id}` });
  await expect(stranger.getByRole('alert')).toContainText('Invoice not found');
  await expect(stranger.getByText('Digital Metronome')).toHaveCount(0);
  await expectNoViolations(stranger);
  await shoot(stranger, 'invoice-not-found-1440.png', { fullPage: true });
  await strangerContext.close();

  // Another school's admin: Northside has no store, so the server's store gate answers first (403) and says so.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInWithApi(other, 'admin2', { at: `/vendor/${order._id}` });
  await expect(other.getByRole('alert')).toContainText('Could not load the invoice');
  await expect(other.getByText('Digital Metronome')).toHaveCount(0);
  await otherContext.close();
});
