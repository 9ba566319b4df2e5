/**
 * Issue 10, one person, one household: the invitation opens an accept page that names the school
 * and the username and signs the person in; staff resend a pending invitation (the older link
 * dies); the status switch asks before deactivating; one phone rule on the member form; the
 * admin's lists and the parent's children page fit a phone; axe on the new states. Each test in a
 * school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { Page } from '@playwright/test';
import { blockingViolations, clearMailbox, expect, expectNoSidewaysScroll, signInWithApi, test, waitForIdle, waitForMail, type School } from './support/fixtures';
import { APP_URL } from './support/constants';
import { shoot } from './support/shots';

const PASSWORD = 'Fresh@2024pw';
const LINK = new RegExp(`${APP_URL}/acceptinvitation/[\\w-]+`);

/** A student added by the admin through the API, and the link of their invitation email. */
async function invitedStudent(page: Page, tag: string, school: School) {
  const admin = await signInWithApi(page, school.login('admin'));
  const n = `${tag}${Date.now().toString(36)}`;
  const body = { first_name: 'Iris', last_name: 'Moss', username: `iris.${n}`, email: `iris.${n}@riverside.example` };
  const res = await page.request.post('/api/member/students/add', { data: body, headers: { Authorization: `Bearer ${admin.token}` } });
  expect(res.status()).toBe(200);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  const mail = await waitForMail(body.email);
  return { ...body, id, link: mail.text.match(LINK)![0], token: admin.token };
}

async function signOutHere(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('the invitation link opens "Accept invitation", names the school and the username, and signs the person in', async ({ page, school }) => {
  await clearMailbox();
  const p = await invitedStudent(page, 'acc', school);
  await signOutHere(page);
  await page.goto(p.link.replace(APP_URL, ''));
  await expect(page.getByRole('heading', { name: 'Accept invitation' })).toBeVisible();
  await expect(page.getByText('Riverside', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('invited-username')).toHaveText(p.username);
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await shoot(page, 'accept-invitation-1440.png');

  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  await expect(page.getByRole('banner').getByText('Iris Moss', { exact: true })).toBeVisible();

  // The link is used up: opening it again says so, with a way to sign in.
  await signOutHere(page);
  await page.goto(p.link.replace(APP_URL, ''));
  await expect(page.getByRole('alert')).toContainText('invitation link is invalid');
  expect((await blockingViolations(page)).join('\n')).toBe('');
});

test('staff resend a pending invitation from the profile; the older link stops working', async ({ page, school }) => {
  await clearMailbox();
  const p = await invitedStudent(page, 'res', school);
  await clearMailbox();
  await page.goto(`/member/student/${p.id}`);
  await expect(page.getByRole('heading', { name: 'Iris Moss' })).toBeVisible();
  await expect(page.getByText('Invitation pending')).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await page.getByRole('button', { name: 'Resend invitation' }).click();
  await expect(page.getByText('Invitation sent again')).toBeVisible();
  // Toasts start below a drawer's header row, so they never cover its close button.
  const toast = await page.getByRole('alert').filter({ hasText: 'Invitation sent again' }).boundingBox();
  expect(toast!.y).toBeGreaterThanOrEqual(64);
  const fresh = (await waitForMail(p.email)).text.match(LINK)![0];
  expect(fresh).not.toBe(p.link);

  await signOutHere(page);
  await page.goto(p.link.replace(APP_URL, ''));
  await expect(page.getByRole('alert')).toContainText('invitation link is invalid');
  await page.goto(fresh.replace(APP_URL, ''));
  await expect(page.getByTestId('invited-username')).toHaveText(p.username);
});

// Signing in checks the header's name, which a phone hides: sign in wide, then narrow the window.
for (const { name, size } of [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const) {
  test(`the status switch asks before deactivating, and the member form refuses "555", at ${name} px`, async ({ page, school }) => {
    await page.setViewportSize(size);
    await signInWithApi(page, school.login('admin'), { at: '/member/teachers' });
    await expect(page.getByRole('heading', { name: 'Teachers', exact: true })).toBeVisible();
    await waitForIdle(page);
    await shoot(page, `teachers-${name}.png`);
    const toggle = page.getByRole('switch', { name: 'Active: Sofia Marin' });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    const ask = page.getByRole('dialog', { name: 'Deactivate teacher' });
    await expect(ask).toContainText('Deactivate Sofia Marin?');
    expect((await blockingViolations(page)).join('\n')).toBe('');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(toggle).toBeChecked();

    await page.goto('/member/students');
    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    await dialog.getByRole('textbox', { name: 'Cell Phone' }).fill('555');
    await dialog.getByRole('button', { name: 'Add Student' }).click();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
  });

  test(`a teacher’s list shows each status badge whole at ${name} px`, async ({ page, school }) => {
    await page.setViewportSize(size);
    await signInWithApi(page, school.login('teacher'), { at: '/member/students' });
    await waitForIdle(page);
    const badges = page.getByRole('table').locator('.mantine-Badge-label').filter({ hasText: /^(Active|Inactive)$/ });
    expect(await badges.count()).toBeGreaterThan(0);
    const cut = await badges.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
    expect(cut).toBe(0);
    await shoot(page, `teacher-students-${name}.png`);
  });
}

test.describe('on a phone (390 px)', () => {
  // Signing in checks the header's name, which a phone hides: sign in wide, then narrow the window.
  const PHONE = { width: 390, height: 844 };

  test('the admin’s Students and Teachers lists and the parent’s children page fit without sideways scroll', async ({ page, school }) => {
    await signInWithApi(page, school.login('admin'));
    await page.setViewportSize(PHONE);
    for (const [path, title] of [['/member/students', 'Students'], ['/member/teachers', 'Teachers']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await waitForIdle(page);
      await expectNoSidewaysScroll(page);
      expect((await blockingViolations(page)).join('\n')).toBe('');
      await shoot(page, `${title.toLowerCase()}-390.png`, { fullPage: true });
    }
    await signOutHere(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWithApi(page, school.login('parent'));
    await page.setViewportSize(PHONE);
    await expect(page).toHaveURL(`${APP_URL}/member/children`);
    await waitForIdle(page);
    await expectNoSidewaysScroll(page);
    expect((await blockingViolations(page)).join('\n')).toBe('');
    await shoot(page, 'children-390.png', { fullPage: true });
  });

  test('the sign-in card promises only what exists', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    const card = page.getByRole('complementary');
    await expect(card).toContainText('Attendance');
    await expect(card).not.toContainText(/billing|practice|payroll|group email/i);
    await shoot(page, 'login-390.png', { fullPage: true });
  });
});
