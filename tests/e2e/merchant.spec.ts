/**
 * The superadmin (the demo's: provider-wide) saves the merchant information of a Riverside of the
 * test's own (docs/decisions/064-each-browser-spec-on-its-own-school.md), found by its admin's email
 * among the schools of the run, and sees only the masked key after (the demo's Riverside's families
 * pay through the sandbox in the other specs).
 */
import { expect, signInWithApi, test } from './support/fixtures';
import { shoot } from './support/shots';

test("a superadmin saves a school's merchant information", async ({ page, school }) => {
  await signInWithApi(page, 'superadmin', { at: '/member/list-school' });
  const email = school.email('eleanor.whitfield@riversidemusic.example');
  await page.getByLabel('Search').fill(email);
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: `View ${school.schoolName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${school.adminId}$`));
  await expect(page.getByRole('heading', { name: school.schoolName })).toBeVisible();
  const card = page.getByRole('region', { name: 'Merchant information' });
  await expect(card.getByText(/No merchant information yet/)).toBeVisible();
  await card.getByRole('button', { name: 'Add merchant information' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('API Login ID is Required')).toBeVisible();
  await expect(card.getByText('Transaction Key is Required')).toBeVisible();

  await card.getByLabel('API Login ID').fill('5KP3u95bQpv');
  await card.getByLabel('Transaction Key').fill('346HZ32z3fP4hTG2');
  await card.getByLabel('Public Client Key').fill('9aB3cD4eF5gH6');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Merchant information save successfully.')).toBeVisible();
  await expect(card.getByText('••••hTG2')).toBeVisible();
  await expect(card.getByText('••••bQpv')).toBeVisible();
  await expect(card.getByText('346HZ32z3fP4hTG2')).toHaveCount(0);
  await shoot(page, 'merchant-card.png', { fullPage: true });

  // Later saves keep the keys when left empty.
  await page.reload();
  await card.getByRole('button', { name: 'Edit merchant information' }).click();
  await expect(card.getByText(/Leave empty to keep the current key/)).toBeVisible();
  await card.getByLabel('Environment').click();
  await page.getByRole('option', { name: 'Production' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Merchant information save successfully.').first()).toBeVisible();
  await expect(card.getByText('Production')).toBeVisible();
  await expect(card.getByText('••••hTG2')).toBeVisible();
});
