/**
 * The superadmin adds a school; its owner gets the invitation by email, sets a password through
 * the reset page and signs in to their own, empty school.
 */
import { clearMailbox, expect, followMenuLink, signInWithForm, test, waitForMail } from './support/fixtures';
import { APP_URL } from './support/constants';

const OWNER = { first: 'Miriam', last: 'Okonkwo', username: 'miriamokonkwo', email: 'miriam@harbourviolins.example' };
const SCHOOL = 'Harbour Violin School';
const PASSWORD = 'Allegro#2026';

test('a superadmin adds a school and its owner accepts the invitation', async ({ page }) => {
  await clearMailbox();
  await signInWithForm(page, 'superadmin');
  await followMenuLink(page, 'Schools', 'Members');
  await expect(page).toHaveURL(`${APP_URL}/member/list-school`);
  await expect(page.getByRole('heading', { name: 'Schools', exact: true })).toBeVisible();
  // Every spec's own school is a Riverside too (decision 064): one of them is enough here.
  await expect(page.getByRole('cell', { name: 'Riverside Music Academy', exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add School' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add School' }).click();
  await expect(dialog.getByText('School Name is Required')).toBeVisible();

  await dialog.getByLabel('First Name').fill(OWNER.first);
  await dialog.getByLabel('Last Name').fill(OWNER.last);
  await dialog.getByLabel('School Name').fill(SCHOOL);
  await dialog.getByLabel('Username').fill(OWNER.username);
  await dialog.getByLabel('Email').fill(OWNER.email);
  await dialog.getByRole('textbox', { name: 'Working Phone' }).fill('2065550199');
  await dialog.getByLabel('Address').fill('12 Pier Street');
  await dialog.getByLabel('City').fill('Seattle');
  await dialog.getByLabel('State').fill('Washington');
  await dialog.getByLabel('Postal Code').fill('98101');
  await dialog.getByRole('button', { name: 'Add School' }).click();
  await expect(page.getByText('School Added Successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: SCHOOL, exact: true })).toBeVisible();

  const mail = await waitForMail(OWNER.email);
  const link = /http:\/\/\S+\/acceptinvitation\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'the invitation carries a link to accept it').toBeTruthy();

  // Accepting the invitation sets the password and signs the owner in; the password then works.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link!);
  await expect(page.getByTestId('invited-username')).toHaveText(OWNER.username);
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInWithForm(page, OWNER.username, PASSWORD);
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  await expect(page.getByRole('heading', { name: new RegExp(`, ${OWNER.first}$`) })).toBeVisible();
  await expect(page.getByText('Active Students', { exact: true }).first()).toBeVisible();
});
