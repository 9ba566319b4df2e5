/**
 * The student report, the reports hub and the dashboards' numbers (issue 15), each test on a school of its
 * own with the demo's data (docs/decisions/064-each-browser-spec-on-its-own-school.md):
 * the admin reads the student report, filters it and downloads its CSV (1440 px) and reads it on a
 * phone (390 px); the hub's cards for the admin, the teacher (at /reports/all) and a parent, each
 * leading to a page that opens; an unknown slug's not-found state; the numbers of the admin's and
 * the teacher's dashboards. Axe on every page.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

const select = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true })).first();

async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

const table = (page: Page) => page.getByRole('table', { name: 'Student report' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** The demo's three months of lessons and payments: a period that holds some of each. */
const LAST_90_DAYS = (() => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const now = new Date();
  return { from: day(new Date(now.getTime() - 90 * 86_400_000)), to: day(now) };
})();

test('the admin reads the student report, filters it and downloads the same rows as CSV', async ({ page, school }) => {
  await page.setViewportSize(WIDE);
  await signInWithApi(page, school.login('admin'), { at: '/reporting/student' });
  await expect(page.getByRole('heading', { level: 1, name: 'Student Report' })).toBeVisible();
  await page.getByLabel('From').fill(LAST_90_DAYS.from);
  await expect(bodyRows(page).first()).toBeVisible();
  await waitForIdle(page);
  const lily = bodyRows(page).filter({ hasText: 'Lily Chen' });
  await expect(lily).toHaveCount(1);
  await expect(lily).toContainText(/\$[\d,]+\.\d\d/);
  expect(await bodyRows(page).count()).toBeLessThanOrEqual(10);
  await expectNoViolations(page);
  await shoot(page, 'student-report-1440.png');

  // Only inactive students: Lily, who is active, goes.
  await choose(page, 'Status', 'Inactive');
  await waitForIdle(page);
  await expect(table(page).getByText('Lily Chen')).toHaveCount(0);
  await choose(page, 'Status', 'Active');
  await expect(lily).toHaveCount(1);
  await waitForIdle(page);
  const shown = await bodyRows(page).locator('td:first-child p:first-child').allInnerTexts();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await (await download).path();
  const [header, ...rows] = (await readFile(saved, 'utf8')).trim().split(/\r?\n/);
  expect(header).toBe('Student,Status,Scheduled,Attended,Missed,Banked,Attendance Rate,Practice Minutes,Assignments Done,Invoices,Invoiced,Balance,Instruments,Quiz Attempts,Best Quiz Score,Last Quiz Score');
  for (const row of rows) expect(row).toMatch(/^[^,]+,Active,\d+,\d+,\d+,\d+,(\d+%)?,\d+,\d+,\d+,"?\$/);
  // The CSV's first rows are the page's, in the same order.
  expect(rows.slice(0, shown.length).map((r) => r.split(',')[0])).toEqual(shown);
});

test('the student report on a phone: no sideways scroll outside the table', async ({ page, school }) => {
  await page.setViewportSize(PHONE);
  await signInWithApi(page, school.login('teacher'), { at: '/reporting/student' });
  await expect(page.getByRole('heading', { level: 1, name: 'Student Report' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(select(page, 'Teacher')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'student-report-390.png');
});

test('the hub gives the admin a card for each report, each opening its page', async ({ page, school }) => {
  await page.setViewportSize(WIDE);
  await signInWithApi(page, school.login('admin'), { at: '/reportings' });
  await expect(page.getByRole('heading', { level: 1, name: 'Reports & Info' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await expectNoViolations(page);
  await shoot(page, 'hub-admin-1440.png');
  const links = await page.getByRole('main').getByRole('listitem').getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(links).toEqual([
    ['Attendance', '/reports/attendance'],
    ['Payments', '/reports/payment-reporting'],
    ['Student Report', '/reports/student'],
    ['Communication Log', '/reports/communication-log'],
    ['New Widget Students', '/reports/new-widget-students'],
    ['Payroll', '/reports/payrolls'],
    ['Approved Payroll', '/reports/approved-payrolls'],
    ['Payroll Report', '/reports/payroll-report'],
  ]);
  for (const [title, href] of links as [string, string][]) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title === 'Payments' ? 'Payments' : title);
  }
  await page.goto('/reports/no-such-report');
  await expect(page.getByText('Report not found')).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'See all reports' }).click();
  await expect(page).toHaveURL(/\/reportings$/);
});

test('the hub gives the teacher theirs at /reports/all, and a parent theirs on a phone', async ({ page, school }) => {
  await signInWithApi(page, school.login('teacher'), { at: '/reports/all' });
  await expect(page.getByRole('heading', { level: 1, name: 'Reports & Info' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').getByRole('link')).toHaveText(['Attendance', 'Payments', 'Student Report', 'Communication Log']);
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Student Report' }).click();
  await expect(page).toHaveURL(/\/reports\/student$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Student Report' })).toBeVisible();
  // A teacher's route table has no payroll: its slug is unknown to them.
  await page.goto('/reports/payrolls');
  await expect(page.getByText('Report not found')).toBeVisible();

  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await signInWithApi(page, school.login('parent'), { at: '/reportings' });
  await expect(page.getByRole('main').getByRole('listitem').getByRole('link')).toHaveText(['Attendance', 'Payments', 'Student Report', 'Student Practice', 'Communication Log']);
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'hub-parent-390.png');
  await page.getByRole('link', { name: 'Student Report' }).click();
  await expect(bodyRows(page).filter({ hasText: 'Lily Chen' })).toHaveCount(1);
  const names = await bodyRows(page).locator('td:first-child p:first-child').allInnerTexts();
  expect(names.every((n) => n === 'Lily Chen' || n === 'Owen Chen')).toBe(true);
  await expectNoViolations(page);
});

test('the dashboards show the admin’s and the teacher’s numbers', async ({ page, school }) => {
  await page.setViewportSize(WIDE);
  await signInWithApi(page, school.login('admin'), { at: '/dashboard' });
  for (const label of ['Lessons This Week', 'Attendance Rate (30 days)', 'Revenue This Month', 'Outstanding Balance', 'New Widget Students']) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
  }
  const figure = (label: string) => page.getByRole('main').getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(figure('Revenue This Month')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(figure('Outstanding Balance')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(figure('Attendance Rate (30 days)')).toHaveText(/^(\d+%|—)$/);
  await expectNoViolations(page);
  await shoot(page, 'dashboard-admin-1440.png', { fullPage: true });

  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await signInWithApi(page, school.login('teacher'), { at: '/dashboard' });
  for (const label of ['Today’s Lessons', 'Students to Mark', 'Practice This Week (minutes)']) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(figure('Students to Mark')).toHaveText(/^\d+$/);
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'dashboard-teacher-390.png', { fullPage: true });
});
