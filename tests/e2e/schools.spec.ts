/**
 * The superadmin adds a school; its owner gets the invitation by email, sets a password through
 * the reset page and signs in to their own, empty school.
 */
import { expect, followMenuLink, signInWithForm, test, waitForMail } from './support/fixtures';
import { APP_URL } from './support/constants';

const SCHOOL = 'Harbour Violin School';
const PASSWORD = 'Allegro#2026';

// The superadmin is the demo's (one provider). The school added is new on every attempt, and so
// are its owner's username and email, marked as a browser test's own school marks its people
// (docs/decisions/064-each-browser-spec-on-its-own-school.md): usernames and the captured mail are
// the whole run's, and other tests add schools to the list at the same time.
test('a superadmin adds a school and its owner accepts the invitation', async ({ page, school }) => {
  const mark = school.login('admin').slice('admin-'.length);
  const OWNER = { first: 'Miriam', last: 'Okonkwo', username: `miriamokonkwo-${mark}`, email: `miriam.${mark}@harbourviolins.example` };
  await signInWithForm(page, 'superadmin');
  await followMenuLink(page, 'Schools', 'Members');
  await expect(page).toHaveURL(`${APP_URL}/member/list-school`);
  await expect(page.getByRole('heading', { name: 'Schools', exact: true })).toBeVisible();
  // Every spec's own school is a Riverside too (decision 064): found by name, one of them is enough here.
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('Riverside Music Academy');
  await expect(page.getByRole('cell', { name: 'Riverside Music Academy', exact: true }).first()).toBeVisible();
  await search.fill('');

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
  // Found by its owner's email, which no other school's contains (a name may be on another page, or twice).
  await search.fill(OWNER.email);
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
