/**
 * A new school's signup and first day (issue 27, docs/decisions/076-school-signup-and-first-day.md),
 * at 1440 and 390 px: a formatted US phone typed whole, the owner signed in to the dashboard's
 * setup checklist, the welcome email with the first charge's receipt and the verification email
 * in the outbox, axe on each new state, and pictures when asked (support/shots.ts).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, mailTo, signInWithApi, test, waitForIdle } from './support/fixtures';
import { fillSchoolSignup } from './support/school-signup';
import { attemptTag } from './support/attempt';
import { shoot } from './support/shots';

const PHONE = '(617) 555-0199';

async function providerLink(page: Page): Promise<string> {
  const admin = await page.context().browser()!.newPage();
  const { user } = await signInWithApi(admin, 'superadmin');
  await admin.close();
  return `/signup/${user._id}`;
}

for (const width of [1440, 390] as const) {
  test(`a new school signs up with a formatted phone and lands on its checklist, at ${width} px`, async ({ page }) => {
    // A long walk (a card charge, two emails, the school's details saved, two reloads): more than
    // the default 30 s on a loaded machine.
    test.setTimeout(180_000);
    const stamp = `${attemptTag()}w${width}`;
    const email = `owner.${stamp}@lindmusic.example`;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(await providerLink(page));
    await expect(page.getByRole('heading', { level: 1, name: 'Register your school' })).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, `signup-page-${width}.png`, { fullPage: true });

    // The messages in words (docs/wording.md), axe with them on screen.
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of ['Email is required', 'Working Phone is required', 'Cell Phone is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoViolations(page);

    await page.getByRole('radio', { name: /Studio/ }).check();
    await fillSchoolSignup(page, {
      schoolName: `Lind Music ${stamp}`, username: `nora.${stamp}`, email,
      phones: { phone: PHONE, working: PHONE, cell: PHONE }, timeZone: 'America/New_York',
    });
    // Typed key by key, as a person does: nothing cuts the formatted number short.
    for (const label of ['Phone Number', 'Working Phone', 'Cell Phone']) await expect(page.getByLabel(label, { exact: true })).toHaveValue(PHONE);
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
    await shoot(page, `signup-checklist-${width}.png`, { fullPage: true });

    // Both emails in the outbox: the welcome with the first charge's receipt, and the verification.
    await expect.poll(async () => (await mailTo(email)).map((m) => m.subject).sort(), { timeout: 15_000 })
      .toEqual([`Welcome to Cadenza, Lind Music ${stamp}`, 'Verify your Cadenza email address'].sort());
    const welcome = (await mailTo(email)).find((m) => m.subject.startsWith('Welcome'))!;
    expect(welcome.text).toMatch(/Receipt of your first payment: \$\d+\.\d\d for the Studio plan/);
    expect(welcome.text).toContain('ending in 1111');

    // A step's link opens the page that does it: the school's details, where its time zone changes
    // (decision 080) and the calendar's clock with it.
    await checklist.getByRole('link', { name: 'School details and time zone' }).click();
    await expect(page).toHaveURL(/\/schedulings\?tab=school$/);
    const details = page.getByRole('form', { name: 'School details' });
    await expect(details.getByLabel('Time Zone', { exact: true })).toHaveValue('America/New_York');
    await expect(details.getByLabel('Working Phone', { exact: true })).toHaveValue(/617.*555.*0199/);
    await details.getByLabel('Time Zone', { exact: true }).selectOption('America/Los_Angeles');
    await details.getByRole('button', { name: 'Save school details' }).click();
    await expect(page.getByText('School details saved')).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, `signup-school-details-${width}.png`, { fullPage: true });
    await page.getByRole('tab', { name: 'Make-up Rules' }).click();
    await expect(page.getByText("In the school's time zone (America/Los_Angeles)")).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'School & Time Zone' }).click();
    await expect(page.getByRole('form', { name: 'School details' }).getByLabel('Time Zone', { exact: true })).toHaveValue('America/Los_Angeles');
    await page.goto('/dashboard');
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
