/**
 * Screenshots of the main screens for a person to look at (test-results/screenshots/), taken by
 * `npm run screenshots` (playwright.tour.config.ts), not by the suite: they are not compared with
 * anything, and the specs check each page they open (decision 098).
 *
 * Each test tours a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md):
 * the same people and pages as the demo's Riverside, none of which another browser test changes.
 * The provider's pages are the demo superadmin's (there is one provider); other tests add to them,
 * and only their headings are checked.
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

test('admin dashboard, login-as and profile', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
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

test('parent children page, and acting as a child', async ({ page, school }) => {
  await signInWithApi(page, school.login('parent'));
  await expect(page.getByRole('article', { name: 'Lily Chen' })).toBeVisible();
  await shoot(page, 'children-parent');

  await page.getByRole('button', { name: 'Login as Lily Chen' }).click();
  await expect(page.getByText('Acting as Lily Chen', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Lily$/);
  await shoot(page, 'login-as-student');
});

test('admin students list', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/member/students' });
  await expect(page.getByRole('heading', { name: 'Students', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' }).locator('tbody tr')).toHaveCount(6);
  await shoot(page, 'students-admin');
});

for (const [size, viewport] of [['1440', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
  test(`billing pages at ${size} px`, async ({ page, school }) => {
    test.slow();
    await signInWithApi(page, school.login('admin'));
    await page.setViewportSize(viewport);
    await page.goto('/studentbilling/invoiceList');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const open = page.getByRole('button', { name: /^Open INV-/ }).first();
    await expect(open).toBeVisible();
    await shoot(page, `billing-invoices-${size}`);
    await open.click();
    await expect(page.getByRole('dialog').getByText(/^INV-\d{6}/).first()).toBeVisible();
    await shoot(page, `billing-invoice-drawer-${size}`);
    await page.goto('/studentbilling/newInvoice');
    await expect(page.getByRole('combobox', { name: 'Student' })).toBeVisible();
    await shoot(page, `billing-new-invoice-${size}`);
    await page.goto('/reports/payment-reporting');
    await expect(page.getByRole('img', { name: 'Payments by month' })).toBeVisible();
    await shoot(page, `billing-payments-report-${size}`);
    await page.goto('/studentbilling/recuringInvoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Recurring Invoice' })).toBeVisible();
    await shoot(page, `billing-recurring-${size}`);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWithApi(page, school.login('parent'));
    await page.setViewportSize(viewport);
    await page.goto('/paymentBilling');
    const owen = page.getByRole('region', { name: 'Open invoices' }).getByRole('listitem', { name: /for Owen Chen$/ }).first();
    await expect(owen).toBeVisible();
    await shoot(page, `billing-family-${size}`);
    await owen.getByRole('link', { name: /^Pay INV-/ }).click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/, level: 1 })).toBeVisible();
    await shoot(page, `billing-pay-page-${size}`);
  });
}

// Issue 10's "after" pictures: each role's dashboard, and the week on a phone.
for (const [size, viewport] of [['1440', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
  test(`dashboards and the week at ${size} px`, async ({ page, school }) => {
    test.slow();
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInWithApi(page, school.login(role));
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `${role}-${size}-after`);
      if (role === 'parent' || role === 'subadmin' || (role !== 'admin' && size === '1440')) continue;
      await page.goto('/scheduling/weekly');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `after-${role}-week-${size}`);
    }
  });
}

// Issue 12's pages: the school's plans and widgets, the family's plans, the provider's plans.
for (const [size, viewport] of [['1440', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
  test(`plan pages at ${size} px`, async ({ page, school }) => {
    test.slow();
    const visit = async (username: string, pages: [string, string][]) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInWithApi(page, username);
      await page.setViewportSize(viewport);
      for (const [path, name] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, `plans-${name}-${size}`);
      }
    };
    await visit(school.login('admin'), [['/studentbilling/planbuilder', 'plan-builder'], ['/studentbilling/approveplan', 'approve'], ['/studentbilling/planwidget', 'plan-widget'], ['/paymentBilling', 'school-plan']]);
    await visit(school.login('parent'), [['/paymentBilling', 'family']]);
    await visit('superadmin', [['/schoolbilling/planbuilder', 'provider-plan-builder'], ['/schoolbilling/bookplan', 'book-plan']]);
  });
}
