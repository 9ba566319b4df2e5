import {
  DEMO_LOGINS, DEMO_PASSWORD, cookieValue, expect, expectHeader, expectedMenu, fullName, homeUrl, loginForm, readSidebar,
  signInWithForm, storedUser, test, titleOf, TOKEN_COOKIE,
} from './support/fixtures';
import { AUTH_MESSAGES } from '../../shared/contracts/auth';
import { REMEMBER_ME_DAYS } from '../../shared/constants';
import { homePathFor } from '../../shared/roles';
import { APP_URL } from './support/constants';

const DAY_S = 24 * 60 * 60;

/**
 * The flags of the demo data that change a menu (docs/domains/accounts.md "Screens and routes"), as the seed sets them. Riverside
 * is on the Academy plan, which comes with the store (issue 12): all its people carry the flag.
 */
const MENU_FLAGS: Record<string, { addrole: string | null; allow_payroll_report: boolean; showStore: boolean }> = {
  superadmin: { addrole: null, allow_payroll_report: false, showStore: false },
  admin: { addrole: 'School', allow_payroll_report: false, showStore: true },
  subadmin: { addrole: null, allow_payroll_report: true, showStore: true },
  teacher: { addrole: null, allow_payroll_report: false, showStore: true },
  student: { addrole: null, allow_payroll_report: false, showStore: true },
  parent: { addrole: null, allow_payroll_report: false, showStore: true },
  admin2: { addrole: 'School', allow_payroll_report: false, showStore: false },
  privateteacher: { addrole: 'Private teacher', allow_payroll_report: false, showStore: false },
};

test.describe('the sign-in page', () => {
  test('/login has the welcome text, the fields, Remember Me, Forgot password and the marketing card', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In | Cadenza');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Cadenza' })).toBeVisible();
    const form = loginForm(page);
    await expect(form.username).toBeVisible();
    await expect(form.password).toBeVisible();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.remember).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Forgot password' })).toBeVisible();
    await expect(form.submit).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('heading', { name: 'Your music school, in tune' })).toBeVisible();
  });

  test('signed out, / shows the sign-in page and other paths go to /login, which returns to them', async ({ page, school }) => {
    await page.goto('/');
    await expect(page).toHaveURL(`${APP_URL}/`);
    await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();
    await expect(page).toHaveTitle('Sign In | Cadenza');

    for (const path of ['/dashboard', '/member/children', '/profile', '/no/such/page']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`${APP_URL}/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();
    }

    // Signing in returns to the page asked for (a path of this site only: decision 034).
    await page.goto('/profile');
    const form = loginForm(page);
    await form.username.fill(school.login('teacher'));
    await form.password.fill(DEMO_PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL(`${APP_URL}/profile`);
  });

  test('a return-to of another site is refused: signing in goes home', async ({ page, school }) => {
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      await page.context().clearCookies();
      await page.goto('/api/health');
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      const form = loginForm(page);
      await form.username.fill(school.login('teacher'));
      await form.password.fill(DEMO_PASSWORD);
      await form.submit.click();
      await expect(page, next).toHaveURL(homeUrl('teacher'));
    }
  });

  test('shows the validation messages of docs/domains/accounts.md under their fields', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.submit.click();
    await expect(form.username).toHaveAccessibleDescription('Username is Required');
    await expect(form.password).toHaveAccessibleDescription('Password is Required');
    await expect(form.username).toHaveAttribute('aria-invalid', 'true');

    await form.username.fill(' admin');
    await form.password.fill(DEMO_PASSWORD);
    await form.submit.click();
    await expect(form.username).toHaveAccessibleDescription('as first character whiteSpace not allowed');
    await expect(form.password).not.toHaveAttribute('aria-invalid', 'true');
    // Nothing was sent: still here, still signed out.
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();
  });

  // The failed attempts count against the names tried (decision 018): names of this test's own
  // school, so that no other browser test and no later attempt of this one meets a lockout.
  test('"User Not Found" sits under the username, a wrong password under the password', async ({ page, school }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(school.login('teacher').replace(/^teacher/, 'nobody-by-this-name'));
    await form.password.fill('Whatever@123');
    await form.submit.click();
    await expect(form.username).toHaveAccessibleDescription('User Not Found');
    await expect(form.password).not.toHaveAttribute('aria-invalid', 'true');

    await form.username.fill(school.login('teacher'));
    await form.password.fill('Wrong@12345');
    await form.submit.click();
    await expect(form.password).toHaveAccessibleDescription(AUTH_MESSAGES.wrongPassword);
    await expect(form.username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();
  });

  test('Remember Me keeps the token in a persistent cookie', async ({ page, school }) => {
    const before = Date.now() / 1000;
    await signInWithForm(page, school.login('teacher'), undefined, true);
    await expect(page).toHaveURL(homeUrl('teacher'));
    const cookie = (await page.context().cookies(APP_URL)).find((c) => c.name === TOKEN_COOKIE);
    expect(cookie, 'token cookie').toBeDefined();
    expect(cookie!.expires).toBeGreaterThan(before + (REMEMBER_ME_DAYS - 1) * DAY_S);
    expect(cookie!.expires).toBeLessThan(before + (REMEMBER_ME_DAYS + 1) * DAY_S);
  });
});

// The demo's own logins, for people to use (docs/decisions/064-each-browser-spec-on-its-own-school.md):
// signing in changes none of what these tests read, and no browser test changes these people.
test.describe('each demo login', () => {
  for (const login of DEMO_LOGINS) {
    test(`${login.username} signs in and sees their home, name and exact menu`, async ({ page }) => {
      await signInWithForm(page, login.username);
      const home = homePathFor(login.role);
      await expect(page).toHaveURL(homeUrl(login.role));
      await expect(page).toHaveTitle(titleOf(login.role, home));
      await expectHeader(page, login);

      // Without Remember Me the token lives as long as the browser session.
      const cookie = (await page.context().cookies(APP_URL)).find((c) => c.name === TOKEN_COOKIE);
      expect(cookie?.expires, 'a session cookie').toBe(-1);
      const user = await storedUser(page);
      expect(user?.username).toBe(login.username);
      expect(user?.role).toBe(login.role);
      expect({ addrole: user?.addrole, allow_payroll_report: user?.allow_payroll_report, showStore: user?.showStore })
        .toEqual(MENU_FLAGS[login.username]);

      // The exact menu of docs/domains/accounts.md "Screens and routes", limited to the pages this client has.
      const expected = expectedMenu(user!);
      expect(await readSidebar(page)).toEqual(expected);
      console.log(`${login.username} menu: ${JSON.stringify(expected)}`);

      // Signed in, /login, / and unknown paths all lead home.
      for (const path of ['/login', '/', '/no/such/page']) {
        await page.goto(path);
        await expect(page, path).toHaveURL(homeUrl(login.role));
      }
      await expect(page).toHaveTitle(titleOf(login.role, home));
      await expect(page.getByRole('banner').getByText(fullName(login), { exact: true })).toBeVisible();
    });
  }
});

test.describe('the shell', () => {
  test('the sidebar starts collapsed at 1280 px and the burger opens it; Logout ends the session', async ({ page, school }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInWithForm(page, school.login('admin'));
    await expect(page).toHaveURL(homeUrl('admin'));
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Eleanor$/);
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await expect(nav).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();
    expect(await storedUser(page)).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(`${APP_URL}/login?next=%2Fdashboard`);
  });
});
