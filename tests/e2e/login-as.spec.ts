/** Acting as another from the dashboard, each test in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md). */
import {
  LOGIN_AS_TOKEN_COOKIE, LOGIN_AS_USER_KEY, TOKEN_COOKIE, cookieValue, demo, expect, expectHeader, expectedMenu, homeUrl,
  readSidebar, signInWithApi, storedUser, test, titleOf,
} from './support/fixtures';

test('an admin acts as a teacher from the dashboard and comes back', async ({ page, school }) => {
  const admin = demo('admin');
  const teacher = demo('teacher');
  const { user: adminUser, token: adminToken } = await signInWithApi(page, school.login(admin.username));
  const adminMenu = expectedMenu(adminUser);
  expect(await readSidebar(page)).toEqual(adminMenu);

  const card = page.getByRole('region', { name: 'Login as' });
  await expect(card).toBeVisible();
  await card.getByLabel('Search people').fill('Sofia');
  const rows = card.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sofia Marin');
  await expect(rows.first()).toContainText('Teacher');
  await expect(rows.first()).toContainText('Riverside Music Academy');
  await card.getByRole('button', { name: 'Login as Sofia Marin' }).click();

  // The teacher's view, under a banner that says whose it is.
  await expect(page.getByText('Acting as Sofia Marin', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(homeUrl('teacher'));
  await expect(page).toHaveTitle(titleOf('teacher', '/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Sofia$/);
  await expectHeader(page, teacher);
  expect(await cookieValue(page, LOGIN_AS_TOKEN_COOKIE)).toBeDefined();
  expect(await cookieValue(page, TOKEN_COOKIE)).toBe(adminToken);
  const teacherUser = await storedUser(page, LOGIN_AS_USER_KEY);
  expect(teacherUser?.username).toBe(school.login('teacher'));
  expect(await readSidebar(page)).toEqual(expectedMenu(teacherUser!, adminUser));
  // Nobody acts as someone else from inside a login-as session.
  await expect(page.getByRole('region', { name: 'Login as' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByText(/^Acting as/)).toHaveCount(0);
  await expect(page).toHaveURL(homeUrl('admin'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Eleanor$/);
  await expectHeader(page, admin);
  expect(await readSidebar(page)).toEqual(adminMenu);
  await expect(page.getByRole('region', { name: 'Login as' })).toBeVisible();
  expect(await cookieValue(page, LOGIN_AS_TOKEN_COOKIE)).toBeUndefined();
  expect(await storedUser(page, LOGIN_AS_USER_KEY)).toBeNull();
  expect(await cookieValue(page, TOKEN_COOKIE)).toBe(adminToken);
});

test('a parent acts as their child and comes back', async ({ page, school }) => {
  const parent = demo('parent');
  const child = demo('student');
  const { user: parentUser } = await signInWithApi(page, school.login(parent.username));
  const parentMenu = expectedMenu(parentUser);
  expect(await readSidebar(page)).toEqual(parentMenu);

  await expect(page.getByRole('heading', { level: 1, name: 'My Children' })).toBeVisible();
  const lily = page.getByRole('article', { name: 'Lily Chen' });
  await expect(lily).toBeVisible();
  await expect(page.getByRole('article', { name: 'Owen Chen' })).toBeVisible();
  await lily.getByRole('button', { name: 'Login as Lily Chen' }).click();

  await expect(page.getByText('Acting as Lily Chen', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(homeUrl('student'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Lily$/);
  await expectHeader(page, child);
  const studentUser = await storedUser(page, LOGIN_AS_USER_KEY);
  expect(studentUser?.role).toBe('student');
  expect(await readSidebar(page)).toEqual(expectedMenu(studentUser!, parentUser));

  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByText(/^Acting as/)).toHaveCount(0);
  await expect(page).toHaveURL(homeUrl('parent'));
  await expectHeader(page, parent);
  expect(await readSidebar(page)).toEqual(parentMenu);
});
