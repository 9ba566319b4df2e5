/**
 * A new school's signup and first day (issue 27, docs/decisions/076-school-signup-and-first-day.md),
 * at 1440 and 390 px: a formatted US phone typed whole, the owner signed in to the dashboard's
 * setup checklist, the welcome email with the first charge's receipt and the verification email
 * in the outbox, axe on each new state, and the screenshots under test-results/screenshots/.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, mailTo, signInWithApi, test, typeCard, waitForIdle } from './support/fixtures';
import { attemptTag } from './support/attempt';

const SHOTS = 'test-results/screenshots';
const PHONE = '(617) 555-0199';

async function providerLink(page: Page): Promise<string> {
  const admin = await page.context().browser()!.newPage();
  const { user } = await signInWithApi(admin, 'superadmin');
  await admin.close();
  return `/signup/${user._id}`;
}

for (const width of [1440, 390] as const) {
  test(`a new school signs up with a formatted phone and lands on its checklist, at ${width} px`, async ({ page }) => {
    // A long walk (a card charge, two emails, a reload): more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const stamp = `${attemptTag()}w${width}`;
    const email = `owner.${stamp}@lindmusic.example`;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(await providerLink(page));
    await expect(page.getByRole('heading', { level: 1, name: 'Register your school' })).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/signup-page-${width}.png`, fullPage: true });

    // The messages in words (docs/wording.md), axe with them on screen.
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of ['Email is required', 'Working Phone is required', 'Cell Phone is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoViolations(page);

    await page.getByRole('radio', { name: /Studio/ }).check();
    await page.getByLabel('First Name', { exact: true }).fill('Nora');
    await page.getByLabel('Last Name', { exact: true }).fill('Lind');
    // Typed key by key, as a person does: nothing cuts the formatted number short.
    for (const label of ['Phone Number', 'Working Phone', 'Cell Phone']) {
      const field = page.getByLabel(label, { exact: true });
      await field.pressSequentially(PHONE);
      await expect(field).toHaveValue(PHONE);
    }
    await page.getByLabel('School Name', { exact: true }).fill(`Lind Music ${stamp}`);
    await page.getByLabel('Username', { exact: true }).fill(`nora.${stamp}`);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Str0ng!pass');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Address 1', { exact: true }).fill('12 Elm St');
    await page.getByLabel('City', { exact: true }).fill('Boston');
    await page.getByLabel('State', { exact: true }).fill('MA');
    await page.getByLabel('Postal Code', { exact: true }).fill('02101');
    await page.getByLabel('Country', { exact: true }).fill('US');
    await page.getByLabel('Time Zone', { exact: true }).selectOption('America/New_York');
    await typeCard(page);
    await page.getByLabel('Customer Type', { exact: true }).selectOption('BUSINESS');
    await page.getByRole('button', { name: 'Register' }).click();

    // Signed in, on the dashboard's checklist: the details are in from the signup, the rest to do.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    const checklist = page.getByRole('region', { name: 'Set up your school' });
    await expect(checklist).toBeVisible();
    const steps = checklist.getByRole('list', { name: 'Setup steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(7);
    await expect(steps.filter({ hasText: 'School details and time zone' })).toContainText('Done');
    await expect(steps.filter({ hasText: 'Add your rooms' })).toContainText('To do');
    await expect(checklist.getByRole('link', { name: 'Connect your merchant account' })).toHaveAttribute('href', '/paymentBilling');
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/signup-checklist-${width}.png`, fullPage: true });

    // Both emails in the outbox: the welcome with the first charge's receipt, and the verification.
    await expect.poll(async () => (await mailTo(email)).map((m) => m.subject).sort(), { timeout: 15_000 })
      .toEqual([`Welcome to Cadenza, Lind Music ${stamp}`, 'Verify your Cadenza email address'].sort());
    const welcome = (await mailTo(email)).find((m) => m.subject.startsWith('Welcome'))!;
    expect(welcome.text).toMatch(/Receipt of your first payment: \$\d+\.\d\d for the Studio plan/);
    expect(welcome.text).toContain('ending in 1111');

    // A step's link opens the page that does it; hiding the checklist keeps it hidden for the school.
    await checklist.getByRole('link', { name: 'Add your rooms' }).click();
    await expect(page).toHaveURL(/\/schedulings$/);
    await page.goto('/dashboard');
    await checklist.getByRole('button', { name: 'Hide this checklist' }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await waitForIdle(page);
    await expect(page.getByRole('region', { name: 'Set up your school' })).toHaveCount(0);
    await expectNoViolations(page);
  });
}
