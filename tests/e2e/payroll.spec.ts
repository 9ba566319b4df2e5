/**
 * Payroll (issue 15): the demo admin generates last month's payroll for the demo teachers (private
 * and group figures at their rates), opens the lessons behind a figure, adds a bonus, approves it
 * and finds it under Approved Payroll and the Payroll Report; the demo sub-admin (allowed payroll)
 * sees it; a teacher opening the payroll path lands on the dashboard. Axe on every page; the pages
 * at 1440 and 390 px without sideways scroll.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, followMenuLink, homeUrl, newSchool, signInWithApi, test, waitForIdle, type School } from './support/fixtures';
import { shoot } from './support/shots';


test.describe.configure({ mode: 'serial', timeout: 90_000 });

// One story on a school of its own, seeded once for the file (docs/decisions/064-each-browser-spec-on-its-own-school.md):
// the sub-admin reads the payroll the admin approved.
let school: School;
test.beforeAll(async () => {
  school = await newSchool();
});

/** The page at both widths: no sideways scroll, axe clean, a screenshot each. */
async function atBothWidths(page: Page, name: string) {
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await waitForIdle(page);
    await shoot(page, `${name}-${width}.png`, { fullPage: true, caret: 'hide', animations: 'disabled' });
    await expectNoSidewaysScroll(page);
    await expectNoViolations(page);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const sofiaRow = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row', { name: /Sofia Marin/ });

test('the admin generates last month’s payroll, opens a figure’s lessons, adjusts and approves it', async ({ page }) => {
  await signInWithApi(page, school.login('admin'), { at: '/reporting/payrolls' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll' })).toBeVisible();
  await expect(page.getByLabel('Pay no-shows')).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Payroll generated successfully')).toBeVisible();
  const sofia = sofiaRow(page, 'Pay per teacher');
  await expect(sofia).toBeVisible();
  // Private lessons at $35.00 and her group at $20.00, with the money of each.
  const privateFigure = sofia.getByRole('button', { name: /^Private lessons of Sofia Marin: \d+ at \$35\.00, \$[\d,]+\.00$/ });
  await expect(privateFigure).toBeVisible();
  await expect(sofia.getByRole('button', { name: /^Class\/Group lessons of Sofia Marin: \d+ at \$20\.00/ })).toBeVisible();
  await expect(sofiaRow(page, 'Pay per teacher')).toContainText('× $35.00 =');
  await expect(page.getByRole('table', { name: 'Pay per teacher' }).getByRole('row', { name: /James O.Connor/ })).toContainText('× $20.00 =');
  await atBothWidths(page, 'payroll-generated');

  await privateFigure.click();
  const lessons = page.getByRole('dialog', { name: 'Sofia Marin: Private lessons' });
  await expect(lessons.getByRole('table', { name: 'Lessons behind this figure' }).getByRole('row', { name: /Private Lesson/ }).first()).toContainText('Held');
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(lessons).toHaveCount(0);

  await page.getByRole('button', { name: 'Add adjustment' }).click();
  const adjust = page.getByRole('dialog', { name: 'Add adjustment' });
  await adjust.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adjust.getByText('Reason is Required')).toBeVisible();
  await expectNoViolations(page);
  await adjust.getByLabel('Amount ($)').fill('25');
  await adjust.getByLabel('Reason').fill('Spring recital');
  await adjust.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Adjustment added successfully')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pay per teacher' }).getByRole('row').nth(1)).toContainText('+$25.00 Spring recital');

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog', { name: 'Approve payroll' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Payroll approved successfully')).toBeVisible();

  await followMenuLink(page, 'Approved Payroll', 'Reports & Info');
  await expect(page.getByRole('heading', { level: 1, name: 'Approved Payroll' })).toBeVisible();
  await expect(sofiaRow(page, 'Approved Payroll')).toContainText('$');
  await expect(page.getByRole('group', { name: 'Totals' })).toContainText('Total paid');
  await atBothWidths(page, 'approved-payroll');

  await page.goto('/reporting/payrollReport');
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll Report' })).toBeVisible();
  await expect(sofiaRow(page, 'Payroll Report')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('approved-payroll.csv');
  await atBothWidths(page, 'payroll-report');
});

test('the demo sub-admin (payroll allowed) sees the approved payroll', async ({ page }) => {
  await signInWithApi(page, school.login('subadmin'));
  await followMenuLink(page, 'Approved Payroll', 'Reports & Info');
  await expect(page.getByRole('heading', { level: 1, name: 'Approved Payroll' })).toBeVisible();
  await expect(sofiaRow(page, 'Approved Payroll')).toBeVisible();
  await expectNoViolations(page);
});

test('a teacher opening the payroll path lands on the dashboard', async ({ page }) => {
  await signInWithApi(page, school.login('teacher'), { at: '/reporting/payrolls' });
  await expect(page).toHaveURL(homeUrl('teacher'));
  await page.goto('/reporting/aproovedPayrolls');
  await expect(page).toHaveURL(homeUrl('teacher'));
});
