/**
 * The provider's plans for schools (issue 12): the superadmin builds a plan and books it for a
 * school by card; a new school registers itself at /signup/{id} on a paid plan with the sandbox
 * card and signs in; the registration page's messages; axe on every new page; one 390 px check.
 * The plans, the schools the superadmin adds and the schools that register are the provider's, so
 * each takes the attempt's own name and is found by it; the school owner's plan is read in a
 * Riverside of the test's own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, signInWithForm, test, waitForIdle } from './support/fixtures';
import { attemptTag } from './support/attempt';
import { fillSchoolSignup, SIGNUP_PASSWORD } from './support/school-signup';
import { TEST_CARD_CODE } from './support/constants';
import { shoot } from './support/shots';

const field = (scope: Page | ReturnType<Page['getByRole']>, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true })).first();

// `school`: a Riverside booked just now, so the bookings' first page (newest first) has one, whatever else the run booked.
test('the superadmin builds a plan and books it for a school, paid by card', async ({ page, school: _booked }) => {
  // Five pages, a card payment and five axe runs: past 30 s on CI's two cores beside its server.
  test.slow();
  const stamp = attemptTag();
  const { token } = await signInWithApi(page, 'superadmin');
  // A school with no plan yet, as the superadmin adds one.
  const schoolName = `Harbor Music ${stamp}`;
  const added = await page.request.post('/api/school/privateteacher/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: 'Maya', last_name: 'Harbor', school_name: schoolName, username: `harbor.${stamp}`, email: `harbor.${stamp}@example.test`,
      working_phone: '(212) 555-0199', address1: '9 Pier Rd', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', addrole: 'School',
    },
  });
  expect(added.status()).toBe(200);

  await page.goto('/schoolbilling/planbuilder');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Builder' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Academy/ })).toContainText('$99.00 / month');
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Plan Name is Required')).toBeVisible();
  await expect(dialog.getByText('School or Private teacher is Required')).toBeVisible();
  await expectNoViolations(page);
  const planName = `Conservatory ${stamp}`;
  await dialog.getByLabel('Plan Name').fill(planName);
  await dialog.getByLabel('Price').fill('149');
  await dialog.getByRole('radio', { name: 'School', exact: true }).check();
  await dialog.getByLabel('Maximum students').fill('200');
  await dialog.getByRole('switch', { name: 'Store included' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plan Added Successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(planName) })).toContainText('$149.00 / month');

  await page.goto('/schoolbilling/bookplan');
  await expect(page.getByRole('heading', { level: 1, name: 'Book Plan' })).toBeVisible();
  // Every spec's own school is a Riverside on the Academy plan too (decision 064), this test's among them: the first will do.
  await expect(page.getByRole('row', { name: /Riverside Music Academy/ }).first()).toContainText('Academy');
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Book Plan' }).click();
  const book = page.getByRole('dialog', { name: 'Book Plan' });
  await book.getByRole('button', { name: 'Book Plan' }).click();
  await expect(book.getByText('School is Required')).toBeVisible();
  await expect(book.getByText('Plan is Required')).toBeVisible();
  await expectNoViolations(page);
  const schoolField = field(book, 'School');
  await schoolField.click();
  await schoolField.fill(schoolName);
  await page.getByRole('option', { name: schoolName, exact: true }).click();
  await field(book, 'Plan').click();
  await page.getByRole('option', { name: new RegExp(planName) }).click();
  await book.getByLabel('Card number').fill('4111-1111-1111-1111');
  await book.getByLabel('Card code (CVV)').fill(TEST_CARD_CODE);
  await book.getByLabel('Expiry month').selectOption('12');
  await book.getByLabel('Expiry year').selectOption('2030');
  await book.getByRole('button', { name: 'Book Plan' }).click();
  await expect(page.getByText('Plan Booked Successfully')).toBeVisible();
  await expect(book).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(schoolName) });
  await expect(row).toContainText(planName);
  await expect(row).toContainText('Visa 1111');
  await expect(row).toContainText('Active');

  // The widgets: the provider's link and snippet, and one per plan.
  await page.goto('/schoolbilling/loginwidget');
  await expect(page.getByRole('heading', { level: 1, name: 'Login Widget' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Registration page' })).toHaveValue(/\/signup\/[0-9a-f-]{36}$/);
  await expect(page.frameLocator('iframe[title="School registration preview"]').getByRole('heading', { name: 'Register your school' })).toBeVisible();
  await expectNoViolations(page);
  await page.goto('/schoolbilling/planwidget');
  await expect(page.getByRole('textbox', { name: `${planName} registration page` })).toHaveValue(/\/signup\/[0-9a-f-]{36}$/);
  await expectNoViolations(page);
});

test('the school owner sees their plan on Payment / Billing', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/paymentBilling' });
  const card = page.getByRole('region', { name: 'Your plan' });
  await expect(card.getByText('Academy', { exact: true })).toBeVisible();
  await expect(card.getByText(/Next renewal/)).toBeVisible();
  await expect(card.getByRole('table', { name: 'Plan invoices' }).getByRole('row')).toHaveCount(3);
  await expectNoViolations(page);
});

test('a new school registers at /signup/{id} on a paid plan with the sandbox card, and signs in', async ({ page, browser }) => {
  const stamp = attemptTag();
  // The provider's link, as Login Widget shows it.
  const admin = await browser.newPage();
  await signInWithApi(admin, 'superadmin', { at: '/schoolbilling/loginwidget' });
  const link = await admin.getByRole('textbox', { name: 'Registration page' }).inputValue();
  await admin.close();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Register your school' })).toBeVisible();
  for (const section of ['Owner Info', 'School Info', 'Plan', 'Payment Method']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expectNoViolations(page);

  // docs/domains/plans.md "Rules"'s messages.
  await page.getByRole('button', { name: 'Register' }).click();
  for (const message of ['First Name is Required', 'School Name is Required', 'Username is Required', 'Confirm password is Required',
    'Email is required', 'Working Phone is required', 'Cell Phone is required', 'Plan is Required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('First Name', { exact: true }).fill('1Nora');
  await page.getByLabel('Last Name', { exact: true }).fill('Lind!');
  await page.getByLabel('Phone Number', { exact: true }).fill('12345');
  await page.getByLabel('Contact Person Email', { exact: true }).fill('nora@example');
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('password2');
  await page.getByRole('radio', { name: /Studio/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('first character should be alphabet')).toBeVisible();
  await expect(page.getByText('Special characters are not allowed')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(page.getByText('Please provide a valid contact person email address')).toBeVisible();
  await expect(page.getByText('Your password isn’t strong enough. Please try making it Stronger')).toBeVisible();
  await expect(page.getByText('Card number is required')).toBeVisible();
  await expect(page.getByText('Customer Type is Required')).toBeVisible();
  await expectNoViolations(page);

  // A free plan asks for the School Role and takes no card.
  await page.getByRole('radio', { name: /Starter/ }).check();
  await expect(page.getByRole('radiogroup', { name: 'School Role' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toHaveCount(0);
  await page.getByRole('radio', { name: /Studio/ }).check();

  const username = `lind.${stamp}`;
  await fillSchoolSignup(page, {
    schoolName: `Lind Music ${stamp}`, username, email: `nora.${stamp}@lindmusic.example`, contactEmail: 'nora@lindmusic.example',
    phones: { phone: '2125550100', working: '2125550101', cell: '2125550102' },
    address: { line1: '12 Elm St', city: 'Albany', state: 'NY', postalCode: '12207', country: 'US' },
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('school register successfully')).toBeVisible();
  // Signed in at once (decision 076); the password chosen signs in later too.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Set up your school' })).toBeVisible();
  const signedIn = await page.context().browser()!.newPage();
  await signInWithForm(signedIn, username, SIGNUP_PASSWORD);
  await expect(signedIn).toHaveURL(/\/dashboard$/);
  await signedIn.close();
  await page.goto('/paymentBilling');
  await expect(page.getByRole('region', { name: 'Your plan' }).getByText('Studio', { exact: true })).toBeVisible();
});

test('the registration page fits a 390 px phone', async ({ page }) => {
  const admin = await page.context().browser()!.newPage();
  const { user } = await signInWithApi(admin, 'superadmin');
  await admin.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/signup/${user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register your school' })).toBeVisible();
  await waitForIdle(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'signup-390.png', { fullPage: true });
});
