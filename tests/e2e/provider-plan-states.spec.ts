/**
 * The provider sees each school's Cadenza plan state in the Schools list and on the school's
 * "Cadenza plan" card, whose extension is checked by the shared end | extend rule (decision 071,
 * issue 26); a sub-admin without the payroll right adds a teacher without pay rates. Each step is
 * shot at 1440 and 390 px (support/shots.ts) for a person to look at.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';


async function shootBoth(page: Page, name: string) {
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await waitForIdle(page);
    await shoot(page, `${name}-${width}.png`, { fullPage: true, caret: 'hide', animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the provider reads plan states in the Schools list and extends a plan only by a whole number of days', async ({ page, school }) => {
  await signInWithApi(page, 'superadmin', { at: '/member/list-school' });
  // This spec's own Riverside, found by its owner's username (many schools are Riversides: decision 064).
  await page.getByRole('textbox', { name: 'Search' }).fill(school.login('admin'));
  const row = page.getByRole('row').filter({ hasText: school.login('admin') });
  // The header and this school alone, once the search has run.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(4)).toHaveText('Renewing');
  await expect(page.getByRole('columnheader', { name: 'Plan' })).toBeVisible();
  await expectNoViolations(page);
  await shootBoth(page, 'schools-plan-states');

  await row.getByRole('link', { name: 'Riverside Music Academy', exact: true }).click();
  const card = page.getByRole('region', { name: 'Cadenza plan' });
  await expect(card.getByText('Academy', { exact: true })).toBeVisible();
  await expect(card.getByText('Renewing')).toBeVisible();
  await card.getByLabel('Extend by (days)').fill('400');
  await card.getByRole('button', { name: 'Extend plan' }).click();
  await expect(card.getByText('Please enter a whole number of days from 1 to 365')).toBeVisible();
  await expect(card.getByRole('button', { name: 'End plan now' })).toBeVisible();
  await expectNoViolations(page);
  await shootBoth(page, 'provider-plan-card');
});

test('a sub-admin without the payroll right adds a teacher with no pay rates', async ({ page, school }) => {
  // The owner takes the payroll right from the demo's office manager.
  await signInWithApi(page, school.login('admin'), { at: '/member/sub-admins' });
  await page.getByRole('button', { name: 'Edit Marcus Bell' }).click();
  const edit = page.getByRole('form', { name: 'Edit sub admin' });
  await edit.getByRole('switch', { name: 'Allow payroll report' }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toHaveCount(0);

  await page.context().clearCookies();
  await signInWithApi(page, school.login('subadmin'), { at: '/member/teachers' });
  await page.getByRole('button', { name: 'Add Teacher' }).click();
  const form = page.getByRole('form', { name: 'Add teacher' });
  await expect(form.getByLabel('First Name')).toBeVisible();
  await expect(form.getByLabel('Private lesson rate')).toHaveCount(0);
  await expect(form.getByLabel('Class/Group lesson rate')).toHaveCount(0);
  await expectNoViolations(page);
  await shootBoth(page, 'member-form-subadmin-no-payroll');
});
