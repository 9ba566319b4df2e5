/**
 * The payments report (issue 11) on the demo's term of payments: the admin filters, reads the
 * totals and the chart, opens a payment's details and downloads the CSV (1440 px), and reads the
 * list as cards on a phone (390 px); a parent sees their children's payments only. Axe on each page.
 * Each school's test on a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md), with
 * billing's demo; the superadmin's report across schools reads the demo's (provider-wide).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/** A Mantine Select by its label (a textbox or a combobox, as Mantine renders it). */
const select = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true })).first();

/** Opens a select and picks the option, as a user would. */
async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

const table = (page: Page) => page.getByRole('table', { name: 'Payments' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const total = (page: Page, name: string) => page.getByRole('region', { name: 'Totals' }).getByLabel(name, { exact: true });

test('the admin filters the payments, reads the totals and chart, opens a payment and downloads the CSV', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/reports/payment-reporting' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(total(page, 'Collected')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(total(page, 'Collected')).not.toHaveText('$0.00');
  await expect(total(page, 'Refunded')).not.toHaveText('$0.00');
  await expect(page.getByRole('heading', { name: 'By month' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Payments by month' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await expectNoViolations(page);

  // Cash only: every row says so, and the count follows.
  await choose(page, 'Method', 'Cash');
  await expect(bodyRows(page).first()).toContainText('Cash');
  await waitForIdle(page);
  const cash = await bodyRows(page).count();
  expect(cash).toBeGreaterThan(0);
  for (let i = 0; i < cash; i += 1) await expect(bodyRows(page).nth(i)).toContainText('Cash');
  await expect(total(page, 'Payments')).toHaveText(String(cash));
  await expect(total(page, 'Refunded')).toHaveText('$0.00');

  // The CSV holds the rows on screen: the same filters, every page.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await (await download).path();
  const [header, ...rows] = (await readFile(saved, 'utf8')).trim().split(/\r?\n/);
  expect(header).toBe('Date,Time,Invoice,Student,Payer,Type,Method,Card,Status,Amount,Refunded,Reference,Test mode');
  expect(rows).toHaveLength(cash);
  for (const row of rows) expect(row).toContain(',Payment,Cash,');

  // Refunds: money back, shown with a minus.
  await choose(page, 'Method', 'All');
  await choose(page, 'Status', 'Refunded');
  await expect(bodyRows(page).first()).toContainText('Refunded');
  await expect(table(page).getByText(/^−\$/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await choose(page, 'Method', 'Card');
  const first = bodyRows(page).first();
  await expect(first).toContainText('Card');
  await first.getByRole('link', { name: /^INV-\d{6}: details of the/ }).click();
  await expect(page).toHaveURL(/\/reporting\/payment-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Invoice INV-\d{6}$/ })).toContainText('Balance due');
  await expect(page.getByRole('region', { name: 'Payments of this invoice' }).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByText('Test mode').first()).toBeVisible();
  await expectNoViolations(page);
});

test('the admin reads the payments as cards on a phone, with no sideways scroll', async ({ page, school }) => {
  await page.setViewportSize(PHONE);
  await signInWithApi(page, school.login('admin'), { at: '/reports/payment-reporting' });
  // The table's rows are cards there (docs/decisions/089-lists-as-cards-on-phones.md), each no wider than the screen.
  const cards = table(page).locator(':scope > tbody > tr');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(10);
  expect((await cards.first().boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('img', { name: 'Payments by month' })).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
});

test('a parent sees only their children’s payments on /reporting/payments', async ({ page, school }) => {
  await signInWithApi(page, school.login('parent'), { at: '/reporting/payments' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByText("Your children's payments and refunds.")).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await waitForIdle(page);
  const names = await bodyRows(page).locator('td:nth-child(2) p:first-child').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names)).toEqual(new Set(names.filter((n) => n === 'Lily Chen' || n === 'Owen Chen')));
  await expect(select(page, 'Child')).toBeVisible();
  await expect(select(page, 'School')).toHaveCount(0);
  await expectNoViolations(page);

  // Their child's payment opens; the route table has the details page for a parent.
  await bodyRows(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
  await expect(page.getByText(/Lily Chen|Owen Chen/).first()).toBeVisible();
  await expectNoViolations(page);
});

test('the superadmin reads the Payment Report across schools and by school', async ({ page }) => {
  await signInWithApi(page, 'superadmin', { at: '/reports/payment-reporting' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Report' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'School' })).toBeVisible();
  await select(page, 'School').click();
  await select(page, 'School').fill('Northside');
  await page.getByRole('option', { name: 'Northside Strings' }).click();
  await expect(table(page).getByRole('columnheader', { name: 'School' })).toHaveCount(0);
  await expect(page.getByText(/Dates are in the school's time zone/)).toBeVisible();
  await expectNoViolations(page);
});
