/**
 * Every route a real page (issue 29, docs/decisions/090-every-route-a-real-page-and-toasts-out-of-the-way.md):
 * one test a role, signed in once, opens every route of the role's table (shared/routes.ts) by the
 * app's own router (history.pushState and popstate, as a link does: no page load), each with the
 * school's real records for its parameters; then the office logs in as the teacher, the student
 * and the parent (the dashboard's card) and walks their tables too. Each route keeps its path, sets its
 * title, loads its data, and shows no refusal, no empty hub, no placeholder and no error. The
 * tests only read: they share one school.
 */
import type { Page } from '@playwright/test';
import { routesFor } from '../../shared/routes';
import { isStaffOrProvider, type Role } from '../../shared/roles';
import { APP_URL } from './support/constants';
import { demo, expect, newSchool, signInWithApi, test, titleOf, tokenOf, waitForIdle, type School } from './support/fixtures';
import { followTo } from './support/route-walk';
import { callsOf, concretePaths, placeAnOrder } from './support/route-ids';

/**
 * What a page says when it refuses, has nothing to show the role, stands in for a page to come
 * or failed: the words of EmptyCard refusals ("… are not shown to you"), the empty hub ("No
 * pages"), the server's 403 and 404 ("You are not allowed to do this", "… not found"), QueryError
 * ("Could not load …"), the 500 ("Something went wrong") and any "coming soon".
 */
const REFUSAL = /not allowed|not shown to you|No pages|not yours|coming soon|placeholder|Something went wrong|Could not load|\bnot found\b|Managed by Cadenza/i;

/** The demo person of each role (their demo username is the role's name) in this file's Riverside; the superadmin is the provider's, the demo's own. */
const loginOf = (role: Role) => (role === 'superadmin' ? 'superadmin' : school.login(role));

/**
 * The routes whose page or calls read who is acting, not only whose role it is (decision 100): the
 * dashboard's Login as card, the profile's and the notices' own-device cards, group email's
 * preview as its sender, the calendar's lesson detail (`seesLessonDetail`), the school's money and
 * a family's cards (`mayUseFamilyCards`), the store's checkout, chat and support. Staff logged in
 * as staff walk these only: every other route answers the role alone, and the role's own walk,
 * signed in as that person, opens it.
 */
const READS_THE_ACTOR = new Set([
  '/dashboard', '/profile', '/notification', '/email', '/chat', '/support',
  '/scheduling/weekly', '/scheduling/daily', '/scheduling/monthly',
  '/paymentBilling', '/studentbilling/invoiceList', '/studentbilling/newInvoice', '/reports/payment-reporting',
  '/MyBizNew', '/plan-registration/:id', '/store',
]);

/**
 * The walks, one test each: who signs in, whether they walk their own table, and whom they then
 * log in as to walk that person's table, as the office does from the dashboard to help a teacher
 * or a family and the provider to help a school (the superadmin as the admin, the admin as a
 * sub-admin: those two walk `READS_THE_ACTOR` only). Split so that no test runs much longer than
 * another and a retry redoes one walk (decisions 090, 096 and 100).
 */
const WALKS: { signedIn: Role; own: boolean; actsAs: Role[] }[] = [
  { signedIn: 'superadmin', own: true, actsAs: ['admin'] },
  { signedIn: 'admin', own: true, actsAs: ['teacher', 'subadmin'] },
  { signedIn: 'subadmin', own: true, actsAs: ['student', 'parent'] },
  { signedIn: 'teacher', own: true, actsAs: [] },
  { signedIn: 'student', own: true, actsAs: [] },
  { signedIn: 'parent', own: true, actsAs: [] },
];

/** The routes of the role's table a walk opens: all, but for staff logged in as staff (decision 100). */
function routesOfWalk(role: Role, signedIn: Role) {
  const all = routesFor(role);
  return role !== signedIn && isStaffOrProvider(role) && isStaffOrProvider(signedIn) ? all.filter((r) => READS_THE_ACTOR.has(r.path)) : all;
}

let school: School;
test.beforeAll(async ({ playwright }) => {
  school = await newSchool();
  // The demo's orders are a student's and a parent's; the teacher's order details route needs theirs.
  const request = await playwright.request.newContext({ baseURL: APP_URL });
  const teacher = demo('teacher');
  await placeAnOrder(request, (await tokenOf(request, school.login(teacher.username))).token, teacher);
  await request.dispose();
});

/** Follows a link inside the app: the router's own history, no page load. */
async function follow(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The title a route sets; the reports' `all` slug opens the reports hub (web/app/routing/mountedRoutes.ts). */
const titleFor = (role: Role, pattern: string, path: string) => (pattern === '/reports/:slug' ? 'Reports & Info | Cadenza' : titleOf(role, path));

/** Opens each route of the role's table in turn; answers what went wrong on each, all at once. */
async function walkRoutes(page: Page, role: Role, signedIn: Role, as: string) {
  const { token, id } = await tokenOf(page.request, loginOf(role));
  const who = { role, call: callsOf(page.request, token), id, schoolAdminId: school.adminId };
  const routes = await concretePaths(who, routesOfWalk(role, signedIn).map((r) => r.path));
  const main = page.getByRole('main');
  const problems: string[] = [];
  for (const { pattern, path } of routes) {
    // The title watched inside the page, told of its change: no looking again every 100 to 1,000 ms (decision 096).
    expect(await followTo(page, path, titleFor(role, pattern, path)), `the title of ${path}`).toBe(titleFor(role, pattern, path));
    // Looked at every 25 to 100 ms, not up to 250: most routes rest within a few hundred ms (decision 090 "Measured").
    await waitForIdle(page, { intervals: [25, 50, 100] });
    const at = new URL(page.url()).pathname;
    if (at !== path) {
      problems.push(`${path}: went to ${at}`);
      continue;
    }
    const text = await main.innerText();
    const refusal = REFUSAL.exec(text);
    if (refusal) problems.push(`${path}: "${text.slice(Math.max(0, refusal.index - 60), refusal.index + 60).replace(/\s+/g, ' ')}"`);
    if (text.trim() === '') problems.push(`${path}: an empty page`);
  }
  expect(problems, `the ${role}'s routes ${as}`).toEqual([]);
}

/** The dashboard's Login as card, as staff use it (tests/e2e/login-as.spec.ts): the person found by their username. */
async function logInAs(page: Page, role: Role) {
  await follow(page, '/dashboard');
  const card = page.getByRole('region', { name: 'Login as' });
  await card.getByLabel('Search people').fill(loginOf(role));
  // The search matches part of a username ("admin-…" finds "subadmin-…" too): the row of exactly theirs.
  const rows = card.getByRole('row').filter({ has: page.getByRole('cell').getByText(loginOf(role), { exact: true }) });
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: /^Login as / }).click();
  await expect(page.getByText(/^Acting as /)).toBeVisible();
}

async function backToMyAccount(page: Page) {
  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByText(/^Acting as /)).toHaveCount(0);
}

for (const { signedIn, own, actsAs } of WALKS) {
  const tables = [...(own ? [`the ${signedIn}'s table`] : []), ...actsAs.map((other) => `the ${other}'s to the ${signedIn} logged in as them`)];
  test(`every route of ${tables.join(', and of ')} is a real page`, async ({ page }) => {
    // A route is a fraction of a second on a quiet machine, a second and more on a loaded one (decisions 090 and 096 "Measured").
    const routes = [...(own ? [signedIn] : []), ...actsAs].reduce((sum, role) => sum + routesOfWalk(role, signedIn).length, 0);
    test.setTimeout(30_000 + 2_000 * routes);
    // At the role's home, waited for: the app's router listens once its first page has mounted (decision 096).
    await signInWithApi(page, loginOf(signedIn));
    if (own) await walkRoutes(page, signedIn, signedIn, 'as themselves');
    for (const other of actsAs) {
      await logInAs(page, other);
      await walkRoutes(page, other, signedIn, `to the ${signedIn} logged in as them`);
      await backToMyAccount(page);
    }
  });
}
