/** A family's cards in a login-as (docs/decisions/069-a-familys-cards-in-a-login-as.md), in a school of its own (decision 064). */
import { expect, signInWithApi, test } from './support/fixtures';

test('an admin acting as a parent sees the cards and autopay read-only, with the reason', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  const card = page.getByRole('region', { name: 'Login as' });
  await card.getByLabel('Search people').fill('Grace');
  await card.getByRole('button', { name: 'Login as Grace Chen' }).click();
  await expect(page.getByText('Acting as Grace Chen', { exact: true })).toBeVisible();

  await page.goto('/paymentBilling');
  await expect(page.getByText('You are logged in as this family: their cards and payments are read-only.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open invoices' })).toBeVisible();
  await expect(page.getByText(/ending in \d{4}/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /with saved card$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove |the default$|^Add a card$/ })).toHaveCount(0);
  const switches = page.getByRole('switch', { name: /^Autopay for / });
  await expect(switches.first()).toBeDisabled();
});
