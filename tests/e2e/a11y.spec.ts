/** Axe on the sign-in pages and on people's first pages, each signed-in test in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md). */
import { blockingViolations, expect, signInWithApi, test, waitForIdle } from './support/fixtures';

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

test('/dashboard and /profile of an admin have no serious or critical violations', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  await expect(page.getByRole('region', { name: 'Login as' }).getByRole('button', { name: /^Login as / }).first()).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');

  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
});

test('/member/children of a parent has no serious or critical violations', async ({ page, school }) => {
  await signInWithApi(page, school.login('parent'));
  await expect(page.getByRole('article', { name: 'Lily Chen' })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
});

test('the students list, its add form with messages and a profile have no serious or critical violations', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/member/students' });
  await expect(page.getByRole('table', { name: 'Students' })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');

  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await dialog.getByRole('button', { name: 'Add Student' }).click();
  await expect(dialog.getByText('First Name is Required')).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await page.keyboard.press('Escape');

  await page.getByRole('table', { name: 'Students' }).locator('tbody tr td:first-child a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
});
