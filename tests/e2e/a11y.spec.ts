import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInWithApi, test, waitForIdle } from './support/fixtures';

const BLOCKING = new Set(['serious', 'critical']);

/** Every serious or critical axe violation on the page as it is now, one readable line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  // Not a hover state left over from the last click: the page as it rests.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`);
      return `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    });
}

test('/login, its forgot-password view and /resetpassword/x have no serious or critical violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');

  // With the validation messages on screen.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is Required')).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');

  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');

  await page.goto('/resetpassword/x');
  await expect(page.getByRole('button', { name: 'Reset Your Password' })).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');
});

test('/dashboard and /profile of an admin have no serious or critical violations', async ({ page }) => {
  await signInWithApi(page, 'admin');
  await expect(page.getByRole('region', { name: 'Login as' }).getByRole('button', { name: /^Login as / }).first()).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');

  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
});

test('/member/children of a parent has no serious or critical violations', async ({ page }) => {
  await signInWithApi(page, 'parent');
  await expect(page.getByRole('article', { name: 'Lily Chen' })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
});
