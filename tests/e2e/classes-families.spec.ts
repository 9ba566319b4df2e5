/**
 * Classes/Groups, Families and Recent activities: the office adds a class/group and a family,
 * the family's parent then sees the child, Recent activities tells the story, and a teacher
 * sees only the groups they teach. The tests tell one story, in one school of their own
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import { blockingViolations, expect, followMenuLink, newSchool, signInWithApi, test, waitForIdle, type School } from './support/fixtures';
import { APP_URL } from './support/constants';
import { shoot } from './support/shots';

const GROUP = 'Jazz Combo';
const FAMILY = 'Thompson-Davis household';

/** Opens a page of the Members section from the sidebar, as a user would. */
async function openMembersPage(page: import('@playwright/test').Page, label: string, path: string) {
  await followMenuLink(page, label, 'Members');
  await expect(page).toHaveURL(`${APP_URL}${path}`);
}

type Page = import('@playwright/test').Page;
type Locator = import('@playwright/test').Locator;

/**
 * A Mantine Select or MultiSelect: open it by its label, type, pick the option, then click
 * `away` (a heading of the form) to close the list, as a user would.
 */
async function pick(page: Page, scope: Locator, label: string, typed: string, option: string, away: Locator) {
  const input = scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first();
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await away.click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

let school: School;
test.beforeAll(async () => {
  school = await newSchool();
});

test('an admin adds a class/group with a teacher and two students, and finds it in the list and on its page', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openMembersPage(page, 'Classes/Groups', '/member/classes-group');
  await expect(page.getByRole('heading', { name: 'Classes/Groups' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Beginner Piano Group', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Class/Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Class/Group' });
  await dialog.getByRole('button', { name: 'Add Class/Group' }).click();
  await expect(dialog.getByText('Name is Required')).toBeVisible();
  await expect(dialog.getByText('Teacher is Required')).toBeVisible();

  await dialog.getByLabel('Name').fill(GROUP);
  const title = dialog.getByRole('heading', { name: 'Add Class/Group' });
  await pick(page, dialog, 'Teacher', 'Sofia', 'Sofia Marin', title);
  await pick(page, dialog, 'Students', 'Mia', 'Mia Johnson', title);
  await pick(page, dialog, 'Students', 'Lucas', 'Lucas Kim', title);
  await shoot(page, 'class-form.png');
  await dialog.getByRole('button', { name: 'Add Class/Group' }).click();
  await expect(page.getByText('Class/Group Added Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: GROUP, exact: true }) });
  await expect(row.getByRole('cell', { name: 'Sofia Marin' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await page.getByLabel('Search').fill('jazz');
  await expect(page.getByRole('link', { name: 'Beginner Piano Group', exact: true })).toBeHidden();
  await waitForIdle(page);
  await shoot(page, 'classes.png');

  await row.getByRole('link', { name: GROUP, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${APP_URL}/classes/group/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: GROUP })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Teacher' }).getByText('Sofia Marin')).toBeVisible();
  const students = page.getByRole('list', { name: 'Students of the group' });
  await expect(students.getByRole('link', { name: 'Mia Johnson', exact: true })).toHaveAttribute('href', /^\/member\/student\/[0-9a-f-]{36}$/);
  await expect(students.getByRole('link', { name: 'Lucas Kim', exact: true })).toBeVisible();
  await shoot(page, 'class-details.png');
});

test('an admin adds a family with a parent and a child, and the parent then sees that child', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openMembersPage(page, 'Add Family', '/family/add');
  await expect(page.getByRole('heading', { name: 'Add Family' })).toBeVisible();
  // The demo households are families already.
  await expect(page.getByRole('link', { name: 'Chen family', exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add family' });
  await form.getByRole('button', { name: 'Add Family' }).click();
  await expect(form.getByText('Family Name is Required')).toBeVisible();
  await expect(form.getByText('Parent is Required')).toBeVisible();
  await expect(form.getByText('Child is Required')).toBeVisible();

  await form.getByLabel('Family Name').fill(FAMILY);
  const heading = page.getByRole('heading', { name: 'Add Family' });
  await pick(page, form, 'Parents', 'Karen', 'Karen Thompson', heading);
  await pick(page, form, 'Children', 'Emma', 'Emma Davis', heading);
  await form.getByRole('button', { name: 'Add Family' }).click();
  await expect(page.getByText('Family Added Successfully')).toBeVisible();
  await expect(form.getByLabel('Family Name')).toHaveValue('');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: FAMILY, exact: true }) });
  await expect(row.getByRole('cell', { name: 'Emma Davis' })).toBeVisible();
  await waitForIdle(page);
  await shoot(page, 'families.png', { fullPage: true });

  await row.getByRole('link', { name: `Edit ${FAMILY}` }).click();
  await expect(page.getByRole('heading', { name: FAMILY })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit family' }).getByText('Karen Thompson')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInWithApi(page, school.login('karenthompson'));
  await expect(page).toHaveURL(`${APP_URL}/member/children`);
  await expect(page.getByText('Emma Davis')).toBeVisible();
  await expect(page.getByText('Ava Thompson')).toBeVisible();
});

test('the admin sees those actions in Recent activities', async ({ page }) => {
  await signInWithApi(page, school.login('admin'), { at: '/recentActivities/viewAllActivities' });
  await expect(page.getByRole('heading', { name: 'Recent Activities' })).toBeVisible();
  await expect(page.getByText(`Eleanor Whitfield added the family ${FAMILY}`)).toBeVisible();
  await expect(page.getByText(`Eleanor Whitfield added the class/group ${GROUP}`)).toBeVisible();
  await expect(page.getByText('just now').first()).toBeVisible();
  await waitForIdle(page);
  await shoot(page, 'activities.png');
});

test('a teacher sees only the groups they teach, read-only', async ({ page }) => {
  await signInWithApi(page, school.login('teacher'));
  await openMembersPage(page, 'Classes/Groups', '/member/classes-group');
  await expect(page.getByRole('link', { name: 'Beginner Piano Group', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: GROUP, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Junior Strings Ensemble', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Class/Group' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Beginner Piano Group', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Beginner Piano Group' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});


test('the classes/groups, family and recent activities pages have no serious or critical violations', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  for (const path of ['/member/classes-group', '/family/add', '/recentActivities/viewAllActivities']) {
    await page.goto(path);
    await waitForIdle(page);
    expect((await blockingViolations(page)).join('\n'), path).toBe('');
  }
  await page.goto('/member/classes-group');
  await page.getByRole('link', { name: 'Beginner Piano Group', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Beginner Piano Group' })).toBeVisible();
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Class/Group' }).getByLabel('Name')).toHaveValue('Beginner Piano Group');
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
});
