/**
 * Lists on a phone (issue 29): at 390 px every list of the school's office is a column of cards
 * (docs/decisions/089-lists-as-cards-on-phones.md). On one school made for the file, the admin
 * opens each list once, mostly from the menu as a person would, and for each the first row's name,
 * its status and its first action sit inside the screen's width, in that order down the card, and
 * the page does not scroll sideways. Axe on a few lists of different shapes. With E2E_SHOTS set,
 * a screenshot of each list is taken (support/shots.ts). Then the
 * lists the teacher, the student and the parent see, one test a role (decision 096).
 */
import type { Locator, Page } from '@playwright/test';
import { APP_URL } from './support/constants';
import { homePathFor } from '../../shared/roles';
import { DEMO_PASSWORD, expect, expectNoSidewaysScroll, expectNoViolations, followMenuLink, newSchool, signInWithApi, test, titleOf, waitForIdle, type School } from './support/fixtures';
import { followTo } from './support/route-walk';
import { shoot, takesShots } from './support/shots';

const PHONE = { width: 390, height: 844 };

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: PHONE });

let school: School;

async function callAsAdmin<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${APP_URL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

// Two payrolls for the two payroll lists: last month's approved, this month's left generated.
test.beforeAll(async () => {
  school = await newSchool();
  const login = await fetch(`${APP_URL}/api/auth/local/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: school.login('admin'), password: DEMO_PASSWORD, remember: false }),
  });
  expect(login.status, 'the admin signs in').toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const today = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const month = (back: number) => ({
    from: day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1))),
    to: day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back + 1, 0))),
  });
  const approved = await callAsAdmin<{ _id: string }>(token, 'POST', '/payroll/generate', month(1));
  await callAsAdmin(token, 'POST', `/payroll/${approved._id}/approve`);
  await callAsAdmin(token, 'POST', '/payroll/generate', month(0));
});

/** The right edge a box may reach: the page's width without its vertical scrollbar. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.clientWidth);

/** Scrolled to (down only: a phone scrolls a list down), it lies within the page's width. */
async function expectWithinWidth(page: Page, what: string, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect.soft(box, `${what} is shown`).not.toBeNull();
  if (!box) return;
  const width = await pageWidth(page);
  expect.soft({ left: Math.round(box.x), right: Math.round(box.x + box.width) }, `${what} within the ${width} px width`).toEqual({
    left: Math.max(0, Math.round(box.x)),
    right: Math.min(width, Math.round(box.x + box.width)),
  });
}

const topOf = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

/**
 * The list's first row as a card: its name (the title's cell) first, the status (where the list
 * has one) under it, its first action (the actions' cell's, else a link or button of the title)
 * lowest, each within the page's width; the page without sideways scroll.
 */
async function expectFirstCardInReach(page: Page, tableName: string) {
  const table = page.getByRole('table', { name: tableName, exact: true });
  const row = table.locator(':scope > tbody > tr').first();
  await expect(row, `${tableName}: a first row`).toBeVisible();
  await waitForIdle(page);
  const cellAt = async (place: 'title' | 'status' | 'actions') => {
    const position = await table.getAttribute(`data-card-${place}`);
    return position ? row.locator(`:scope > :nth-child(${position})`) : null;
  };
  const name = await cellAt('title');
  const status = await cellAt('status');
  const actions = await cellAt('actions');
  expect.soft(name, `${tableName}: a name leads each card`).not.toBeNull();
  if (!name) return;
  expect.soft((await name.textContent())?.trim(), `${tableName}: the name`).toBeTruthy();
  const action = (actions ?? name).locator('a[href], button').first();

  await expectWithinWidth(page, `${tableName}: the first card`, row);
  await expectWithinWidth(page, `${tableName}: the name`, name);
  if (status) {
    // A word or a badge, or a switch (the members' Active, whose name says it).
    const shown = await status.evaluate((el) => (el.textContent ?? '').trim() !== '' || el.querySelector('input, [role="switch"]') !== null);
    expect.soft(shown, `${tableName}: the status says something`).toBe(true);
    await expectWithinWidth(page, `${tableName}: the status`, status);
    expect.soft(await topOf(status), `${tableName}: the status under the name`).toBeGreaterThan(await topOf(name));
  }
  if ((await action.count()) > 0) {
    await expectWithinWidth(page, `${tableName}: the first action`, action);
    expect.soft(await topOf(action), `${tableName}: the action below the name`).toBeGreaterThanOrEqual(await topOf(name));
  } else {
    expect.soft(actions, `${tableName}: an actions column has an action`).toBeNull();
  }
  // Nor does the list scroll sideways in its own box (the wide screen's table does).
  const overflow = await table.evaluate((el) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return box.scrollWidth - box.clientWidth;
    }
    return 0;
  });
  expect.soft(overflow, `${tableName}: no sideways scroll inside the list`).toBeLessThanOrEqual(0);
  await expectNoSidewaysScroll(page);
}

async function shootList(page: Page, name: string, tableName: string) {
  if (!takesShots) return;
  await waitForIdle(page);
  // The list's top under the app's header (60 px), its sort buttons or first card in view.
  await page.getByRole('table', { name: tableName, exact: true }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
  await shoot(page, `${name}-390.png`, { caret: 'hide', animations: 'disabled' });
}

test('every list of the office is a column of cards on a phone, its first row’s name, status and action in reach', async ({ page }) => {
  await signInWithApi(page, school.login('admin'), { at: '/member/students' });

  await test.step('Students, with their sorting and filters', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await shootList(page, 'students', 'Students');
    await expectFirstCardInReach(page, 'Students');
    // The sort buttons stay above the cards; the filters above them.
    await expectWithinWidth(page, 'the sort by last name', page.getByRole('button', { name: 'Sort by Last Name' }));
    await expectWithinWidth(page, 'the search', page.getByRole('textbox', { name: 'Search' }));
    await expectNoViolations(page);
  });

  const fromMenu: [label: string, section: string, table: string][] = [
    ['Teachers', 'Members', 'Teachers'],
    ['Parents', 'Members', 'Parents'],
    ['Sub Admins', 'Members', 'Sub Admins'],
    ['Add Family', 'Members', 'Families'],
    ['Classes/Groups', 'Members', 'Classes/Groups'],
  ];
  for (const [label, section, table] of fromMenu) {
    await test.step(label, async () => {
      await followMenuLink(page, label, section);
      await expectFirstCardInReach(page, table);
    });
  }

  await test.step('Attendance', async () => {
    await followMenuLink(page, 'Attendance', 'Reports & Info');
    await shootList(page, 'attendance', 'Attendance');
    await expectFirstCardInReach(page, 'Attendance');
    await expectNoViolations(page);
  });

  const reports: [label: string, table: string][] = [['Student Report', 'Student report'], ['Communication Log', 'Communication log'], ['Payroll', 'Generated payrolls']];
  for (const [label, table] of reports) {
    await test.step(label, async () => {
      await followMenuLink(page, label, 'Reports & Info');
      await expectFirstCardInReach(page, table);
    });
  }

  await test.step('Approved Payroll', async () => {
    await followMenuLink(page, 'Approved Payroll', 'Reports & Info');
    await shootList(page, 'approved-payroll', 'Approved Payroll');
    await expectFirstCardInReach(page, 'Approved Payroll');
    await expectNoViolations(page);
  });

  await test.step('Payments', async () => {
    await followMenuLink(page, 'Payments', 'Reports & Info');
    await expectFirstCardInReach(page, 'Payments');
  });

  await test.step('Invoicing', async () => {
    await followMenuLink(page, 'Invoicing', 'Plans / Payments');
    await expectFirstCardInReach(page, 'Invoices');
  });

  await test.step('Inventory', async () => {
    await followMenuLink(page, 'Inventory', 'Store');
    await expectFirstCardInReach(page, 'Inventory');
  });

  await test.step('Store orders and an order’s details', async () => {
    // No menu entry leads an admin to the orders: the store's pages link them (OrderDetailsPage's "All orders").
    await page.goto('/stores/order-listing/1');
    await expectFirstCardInReach(page, 'Orders');
    await page.getByRole('table', { name: 'Orders', exact: true }).getByRole('link', { name: /^Order / }).first().click();
    await expectFirstCardInReach(page, 'Items');
    await expectNoViolations(page);
  });
});

/**
 * The lists of a family's or a teacher's menu and pages (shared/menus.ts), each a route of the
 * role's table with the table it shows; opened by the app's router, not page loads (decision 096).
 * Not here: tables that stay Mantine's (practice's minutes per week, decision 089) and pages of
 * cards (the student's practice, a parent's children).
 */
const FAMILY_AND_TEACHER_LISTS: Record<'teacher' | 'student' | 'parent', [path: string, table: string][]> = {
  teacher: [
    ['/member/students', 'Students'],
    ['/member/parents', 'Parents'],
    ['/member/classes-group', 'Classes/Groups'],
    ['/learning/practice', 'Practice assignments'],
    ['/learning/library', 'Library files'],
    ['/reporting/attendance', 'Attendance'],
    ['/reports/payment-reporting', 'Payments'],
    ['/reporting/student', 'Student report'],
    ['/reporting/communication-log', 'Communication log'],
    ['/stores/product-listing', 'Store items'],
  ],
  student: [
    ['/favourite', 'Favourite songs'],
    ['/earTrainerQuiz', 'Results per item'],
    ['/learning/library', 'Library files'],
    ['/reporting/attendance', 'Attendance'],
    ['/reporting/payments', 'Payments'],
    ['/reporting/student', 'Student report'],
    ['/reporting/communication-log', 'Communication log'],
    ['/stores/order-listing/1', 'Orders'],
  ],
  parent: [
    ['/reporting/attendance', 'Attendance'],
    ['/reporting/payments', 'Payments'],
    ['/reporting/student', 'Student report'],
    ['/reporting/communication-log', 'Communication log'],
  ],
};

/** Axe on one list a role, of a shape the office's axe runs above do not have. */
const AXE_ON: Record<keyof typeof FAMILY_AND_TEACHER_LISTS, string> = { teacher: 'Practice assignments', student: 'Favourite songs', parent: 'Payments' };

for (const role of ['teacher', 'student', 'parent'] as const) {
  test(`every list of the ${role} is a column of cards on a phone, its first row’s name, status and action in reach`, async ({ page }) => {
    // At the role's home, until its title is set: the app's router listens only once its first
    // page has mounted, and a route followed before that is not followed at all (decision 096).
    await signInWithApi(page, school.login(role), { at: homePathFor(role) });
    await expect(page).toHaveTitle(titleOf(role, homePathFor(role)));
    for (const [path, table] of FAMILY_AND_TEACHER_LISTS[role]) {
      await test.step(table, async () => {
        expect(await followTo(page, path, titleOf(role, path)), `the title of ${path}`).toBe(titleOf(role, path));
        await shootList(page, `${role}-${path.split('/')[2] ?? path.slice(1)}`, table);
        await expectFirstCardInReach(page, table);
        if (AXE_ON[role] === table) await expectNoViolations(page);
      });
    }
  });
}
