/**
 * Forgot password and reset, end to end through real email: the app sends over SMTP to the
 * capture of support/serve.ts. James O'Connor is a teacher of the file's own school
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md): his password changes, not a demo
 * login's, and the reset limits of decision 018 count his name and no other test's.
 */
import { expect, homeUrl, loginForm, newSchool, test, titleOf, waitForMail, type School } from './support/fixtures';
import { AUTH_MESSAGES } from '../../shared/contracts/auth';
import { APP_URL, MAIL_API_URL, type CapturedEmail } from './support/constants';

const DEMO_EMAIL = 'james.oconnor@riversidemusic.example';
const OLD_PASSWORD = 'Demo@12345';
const NEW_PASSWORD = 'Sonata#2026';
const SENT = 'Reset password link has been sent to your mail successfully please check the mail.';

test.describe.configure({ mode: 'serial' });

// One school for both tests (the second uses the first's email); a retry starts both on a new one.
let school: School;
let USERNAME: string;
let EMAIL: string;
/** The first test's email, kept for the second test (a retry reruns both). */
let resetMail: CapturedEmail | undefined;
test.beforeAll(async () => {
  school = await newSchool();
  USERNAME = school.login('jamesoconnor');
  EMAIL = school.email(DEMO_EMAIL);
});

/** Every email captured so far (other browser tests' too: they may run at the same time). */
const allMail = async () => (await (await fetch(MAIL_API_URL)).json()) as CapturedEmail[];

test('forgot password: the view, its validation, the same answer for unknown users, and the email', async ({ page }) => {
  const since = new Date().toISOString();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  const username = page.getByLabel('Username or email', { exact: true });
  const submit = page.getByRole('button', { name: 'Continue' });
  await expect(username).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  // The view changes, the address does not.
  await expect(page).toHaveURL(`${APP_URL}/login`);

  // Back to sign in, and here again.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot password' }).click();

  await submit.click();
  await expect(username).toHaveAccessibleDescription('Enter your username or email address');
  await username.fill(` ${USERNAME}`);
  await submit.click();
  await expect(username).toHaveAccessibleDescription('as first character whiteSpace not allowed');

  // Nobody by that name: the same words, and no email.
  // A name of this school's form, unknown all the same: its requests count for it alone.
  await username.fill(school.login('jamesoconnor').replace(/^jamesoconnor/, 'no-such-person'));
  await submit.click();
  await expect(page.getByText(SENT, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();

  await page.getByRole('button', { name: 'Forgot password' }).click();
  await page.getByLabel('Username or email', { exact: true }).fill(USERNAME);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(SENT, { exact: true }).last()).toBeVisible();
  // After sending, the page returns to the sign-in view.
  await expect(page.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeVisible();

  const mail = await waitForMail(EMAIL);
  resetMail = mail;
  expect(mail.subject).toBe('Reset your Cadenza password');
  expect(mail.text).toMatch(new RegExp(`${APP_URL}/resetpassword/\\S+`));
  // Other tests' mail arrives meanwhile, but only this test asks for resets, each for a James
  // O'Connor of its own school (a parallel repeat of it included): no reset email to anyone else.
  const resets = (await allMail()).filter((m) => m.receivedAt >= since && m.subject === mail.subject);
  expect(resets.flatMap((m) => m.envelopeTo).filter((to) => !/^james\.oconnor\.e\d+@riversidemusic\.example$/.test(to)), 'only the real user got an email').toEqual([]);
  expect(resets.filter((m) => m.envelopeTo.includes(EMAIL)), 'one email to the real user').toHaveLength(1);
});

test('reset password: the page, its rules, success, and a link that works once', async ({ page }) => {
  const mail = resetMail;
  expect(mail, 'the email of the previous test').toBeDefined();
  const link = mail!.text.match(/https?:\/\/\S+\/resetpassword\/\S+/)?.[0];
  expect(link).toBeDefined();
  expect(mail!.html).toContain(`href="${link}"`);

  await page.goto(link!);
  await expect(page).toHaveTitle('Reset Password | Cadenza');
  const password = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Reset Your Password' });
  await expect(password).toBeVisible();
  await expect(confirm).toBeVisible();

  await submit.click();
  await expect(password).toHaveAccessibleDescription('Password is Required');
  await expect(confirm).toHaveAccessibleDescription('Confirm password is Required');

  await password.fill('Ab1!');
  await confirm.fill('Ab1!');
  await submit.click();
  await expect(password).toHaveAccessibleDescription('Password should be at-least 8 characters.');

  await password.fill('alllowercase');
  await confirm.fill('alllowercase');
  await submit.click();
  await expect(password).toHaveAccessibleDescription('Your password isn’t strong enough. Please include uppercase and numbers.');

  await password.fill(`${'Aa1!'.repeat(13)}`);
  await submit.click();
  await expect(password).toHaveAccessibleDescription('Password should allow only 50 characters.');

  await password.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}x`);
  await submit.click();
  await expect(confirm).toHaveAccessibleDescription('Passwords should match!');
  await expect(page).toHaveURL(link!);

  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByText('Password Reset Successfully.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/login`);

  // The old password no longer works; the new one does.
  const form = loginForm(page);
  await form.username.fill(USERNAME);
  await form.password.fill(OLD_PASSWORD);
  await form.submit.click();
  await expect(form.password).toHaveAccessibleDescription(AUTH_MESSAGES.wrongPassword);
  await form.password.fill(NEW_PASSWORD);
  await form.submit.click();
  await expect(page).toHaveURL(homeUrl('teacher'));
  await expect(page).toHaveTitle(titleOf('teacher', '/dashboard'));
  await expect(page.getByRole('banner').getByText('James O\'Connor', { exact: true })).toBeVisible();

  // The link was used: a second reset with it fails and changes nothing.
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill('Another#2027');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Another#2027');
  await page.getByRole('button', { name: 'Reset Your Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.resetInvalid })).toBeVisible();
  await expect(page).toHaveURL(link!);
  const stillNew = await page.request.post('/api/auth/local/login', { data: { username: USERNAME, password: NEW_PASSWORD } });
  expect(stillNew.status()).toBe(200);
});
