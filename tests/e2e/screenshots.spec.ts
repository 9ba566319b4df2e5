/**
 * Screenshots of the main screens for a person to look at (test-results/screenshots/). They are
 * not compared with anything: the other specs check behaviour, these show how it looks.
 */
import type { Page } from '@playwright/test';
import { expect, signInWithApi, test, waitForIdle } from './support/fixtures';

const DIR = 'test-results/screenshots';

async function shoot(page: Page, name: string) {
  await waitForIdle(page);
  // Toasts fade and the caret blinks: wait for the first, hide the second.
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true, caret: 'hide', animations: 'disabled' });
}

test('login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();
  await shoot(page, 'login');
});

test('admin dashboard, login-as and profile', async ({ page }) => {
  await signInWithApi(page, 'admin');
  const card = page.getByRole('region', { name: 'Login as' });
  await expect(card.getByRole('button', { name: /^Login as / }).first()).toBeVisible();
  await shoot(page, 'dashboard-admin');

  await card.getByLabel('Search people').fill('Sofia');
  await card.getByRole('button', { name: 'Login as Sofia Marin' }).click();
  await expect(page.getByText('Acting as Sofia Marin', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Sofia$/);
  await shoot(page, 'login-as-teacher');

  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByText(/^Acting as/)).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('48 Riverside Drive');
  await shoot(page, 'profile-admin');
});

test('parent children page, and acting as a child', async ({ page }) => {
  await signInWithApi(page, 'parent');
  await expect(page.getByRole('article', { name: 'Lily Chen' })).toBeVisible();
  await shoot(page, 'children-parent');

  await page.getByRole('button', { name: 'Login as Lily Chen' }).click();
  await expect(page.getByText('Acting as Lily Chen', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Lily$/);
  await shoot(page, 'login-as-student');
});

test('admin students list', async ({ page }) => {
  await signInWithApi(page, 'admin');
  await page.goto('/member/students');
  await expect(page.getByRole('heading', { name: 'Students', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' }).locator('tbody tr')).toHaveCount(6);
  await shoot(page, 'students-admin');
});
