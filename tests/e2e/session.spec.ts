import {
  LOGIN_AS_TOKEN_COOKIE, LOGIN_AS_USER_KEY, TOKEN_COOKIE, cookieValue, demo, expect, expectHeader, homeUrl,
  signInWithApi, signInWithForm, storedUser, test, titleOf, waitForIdle,
} from './support/fixtures';
import { APP_URL } from './support/constants';

// Each test on a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md): the
// profile test saves Marcus Bell's address, and ended sessions are its own people's.

async function endSessionOnServer(page: import('@playwright/test').Page, token: string) {
  const response = await page.request.get('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), 'logout of the token').toBe(200);
  const after = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status(), 'the token no longer works').toBe(401);
}

test.describe('HTTP 401', () => {
  test('a session ended on the server: the next call removes the cookie and lands on /login', async ({ page, school }) => {
    await signInWithForm(page, school.login('teacher'));
    await expect(page).toHaveURL(homeUrl('teacher'));
    // The dashboard's own calls must be done, or one of them meets the 401 before the click.
    await waitForIdle(page);
    const token = await cookieValue(page, TOKEN_COOKIE);
    expect(token).toBeDefined();
    await endSessionOnServer(page, token!);

    // Opening another page asks the server for its data, which answers 401.
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    // Signed out on the way: the sign-in page brings them back to the page once they sign in again.
    await expect(page).toHaveURL(`${APP_URL}/login?next=%2Fprofile`);
    await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();
    expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();
    expect(await storedUser(page)).toBeNull();
  });

  test('in a login-as session, a 401 drops only the login-as session', async ({ page, school }) => {
    const admin = demo('admin');
    const { token: adminToken } = await signInWithApi(page, school.login(admin.username));
    const card = page.getByRole('region', { name: 'Login as' });
    await card.getByLabel('Search people').fill('Sofia');
    await card.getByRole('button', { name: 'Login as Sofia Marin' }).click();
    await expect(page.getByText('Acting as Sofia Marin', { exact: true })).toBeVisible();
    await waitForIdle(page);
    const loginAsToken = await cookieValue(page, LOGIN_AS_TOKEN_COOKIE);
    expect(loginAsToken).toBeDefined();
    await endSessionOnServer(page, loginAsToken!);

    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    // Back in the admin's own account, on the page that was asked for.
    await expect(page.getByText(/^Acting as/)).toHaveCount(0);
    await expectHeader(page, admin);
    await expect(page).toHaveURL(`${APP_URL}/profile`);
    await expect(page.getByText(school.email('eleanor.whitfield@riversidemusic.example'))).toBeVisible();
    expect(await cookieValue(page, LOGIN_AS_TOKEN_COOKIE)).toBeUndefined();
    expect(await storedUser(page, LOGIN_AS_USER_KEY)).toBeNull();
    expect(await cookieValue(page, TOKEN_COOKIE)).toBe(adminToken);
  });
});

test('profile: validation, save, and the values kept after a reload', async ({ page, school }) => {
  const subadmin = demo('subadmin');
  await signInWithApi(page, school.login(subadmin.username));
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`${APP_URL}/profile`);
  await expect(page).toHaveTitle(titleOf('subadmin', '/profile'));
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByText('Marcus Bell', { exact: true }).last()).toBeVisible();

  const phone = page.getByRole('textbox', { name: 'Cell Phone', exact: true });
  const address = page.getByLabel('Address', { exact: true });
  const city = page.getByLabel('City', { exact: true });
  const state = page.getByLabel('State', { exact: true });
  const postal = page.getByLabel('Postal Code', { exact: true });
  const save = page.getByRole('button', { name: 'Save' });
  await expect(address).toBeVisible();

  await address.fill('');
  await city.fill('');
  await state.fill('');
  await postal.fill('');
  await save.click();
  await expect(address).toHaveAccessibleDescription('Address is Required');
  await expect(city).toHaveAccessibleDescription('City is Required');
  await expect(state).toHaveAccessibleDescription('State is Required');
  await expect(postal).toHaveAccessibleDescription('Postal Code is Required');

  await city.fill('Boston 2');
  await state.fill('Mass.');
  await save.click();
  await expect(city).toHaveAccessibleDescription('Should allow only alphabet characters');
  await expect(state).toHaveAccessibleDescription('Should allow only alphabet characters');

  // The postal code takes digits only, five at most.
  await postal.pressSequentially('ab021189');
  await expect(postal).toHaveValue('02118');

  // Marcus has no phone yet: the field starts at the default country's code (US, +1).
  await expect(phone).toHaveValue('+1');
  await expect(page.getByRole('combobox', { name: 'Cell Phone country' })).toHaveValue('US');
  await phone.press('End');
  await phone.pressSequentially('6175550123');
  await expect(phone).toHaveValue('+1 617 555 0123');
  await address.fill('221 Harbor Street');
  await city.fill('Boston');
  await state.fill('Massachusetts');
  await save.click();
  await expect(page.getByText('Profile Updated Successfully', { exact: true })).toBeVisible();
  for (const field of [address, city, state, postal]) await expect(field).not.toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(address).toHaveValue('221 Harbor Street');
  await expect(city).toHaveValue('Boston');
  await expect(state).toHaveValue('Massachusetts');
  await expect(postal).toHaveValue('02118');
  await expect(phone).toHaveValue('+1 617 555 0123');
});
