/**
 * Issue 17, Build My Biz, Learn More and the area hubs. The superadmin (Adrian) writes and
 * publishes an article in Marketing; Riverside's admin (Eleanor) finds it by search on /MyBizNew
 * and reads it. Lily Chen (a student) opens her school's Learn More page. The hubs list their
 * area's pages as cards that lead to them. At 1440 and 390 px, axe on every page and dialog.
 * Riverside's people in a school of each test's own (docs/decisions/064-each-browser-spec-on-its-own-school.md);
 * the provider and its articles stay the demo's, one for all schools (so an article's title is the run's own).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';


test.describe.configure({ timeout: 90_000 });


for (const [width, height] of [[1440, 900], [390, 844]] as const) {
  test.describe(`at ${width} px`, () => {

    test('the superadmin publishes an article that an admin finds by search and reads', async ({ page, browser, school }) => {
      test.slow();
      const title = `Open day ${width} ${Date.now()}`;
      await signInAt(page, 'superadmin', width, height, '/MyBiz/category/1');
      // The menu's "Build My Biz" opens /MyBiz/category/1: the first category.
      await expect(page.getByRole('heading', { level: 1, name: 'Build My Biz' })).toBeVisible();
      const categories = page.getByRole('navigation', { name: 'Categories' });
      await expect(categories.getByRole('link', { name: /^Marketing \(\d+\)$/ })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: 'Marketing' })).toBeVisible();
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `manage-${width}`);

      await page.getByRole('button', { name: 'Add article' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add article' });
      await dialog.getByRole('button', { name: 'Add link' }).click();
      await dialog.getByLabel('Link 1', { exact: true }).fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Add article' }).click();
      await expect(dialog.getByText('Title is Required')).toBeVisible();
      await expect(dialog.getByText('Link Text is Required')).toBeVisible();
      await expect(dialog.getByText('Please enter a link starting with http:// or https://')).toBeVisible();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Summary').fill('Invite the neighbourhood for an afternoon of music.');
      await dialog.getByRole('textbox', { name: 'Article text' }).click();
      await page.keyboard.type('Open your doors on a Saturday: short recitals, instrument petting zoo, trial lessons.');
      await dialog.getByLabel('Link Text 1').fill('Flyer template');
      await dialog.getByLabel('Link 1', { exact: true }).fill('https://example.com/flyer');
      await dialog.getByRole('switch', { name: 'Published' }).check();
      await expectNoViolations(page);
      await shot(page, `article-form-${width}`);
      await dialog.getByRole('button', { name: 'Add article' }).click();
      await expect(page.getByText('Article added')).toBeVisible();
      await expect(dialog).toBeHidden();

      const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
      await expect(item.getByText('Published')).toBeVisible();
      await item.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(/\/build-my-biz\/view-details\/[0-9a-f-]{36}$/);
      const article = page.getByRole('article', { name: title });
      await expect(article.getByText('instrument petting zoo', { exact: false })).toBeVisible();
      await expect(article.getByRole('link', { name: 'Flyer template' })).toHaveAttribute('href', 'https://example.com/flyer');
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `article-details-${width}`);

      // Eleanor, Riverside's admin, finds it by a word of its text and reads it.
      const context = await browser.newContext();
      const admin = await context.newPage();
      await signInAt(admin, school.login('admin'), width, height, '/MyBizNew');
      await expect(admin.getByRole('heading', { level: 1, name: 'Build My Biz' })).toBeVisible();
      await expect(admin.getByRole('link', { name: 'Recitals' })).toBeVisible();
      // The demo's draft is not a school's to read.
      await expect(admin.getByText('Recruiting at your recital')).toHaveCount(0);
      await expectNoViolations(admin);
      await expectNoSidewaysScroll(admin);
      await shot(admin, `read-home-${width}`);
      await admin.getByLabel('Search articles').fill(title);
      await expect(admin.getByText('1 article', { exact: true })).toBeVisible();
      await expectNoViolations(admin);
      await admin.getByRole('link', { name: title }).click();
      await expect(admin).toHaveURL(/\/category\/[0-9a-f-]{36}\?article=[0-9a-f-]{36}$/);
      const read = admin.getByRole('article', { name: title });
      await expect(read.getByText('instrument petting zoo', { exact: false })).toBeVisible();
      await expect(read.getByText('Published')).toHaveCount(0);
      await expectNoViolations(admin);
      await expectNoSidewaysScroll(admin);
      await shot(admin, `read-article-${width}`);
      await admin.getByRole('link', { name: 'All articles of this category' }).click();
      await expect(admin.getByRole('link', { name: title })).toBeVisible();
      await expectNoViolations(admin);
      await context.close();
    });

    test('a student opens Learn More', async ({ page, school }) => {
      await signInAt(page, school.login('student'), width, height, '/learnMore');
      await expect(page.getByRole('heading', { level: 1, name: 'Learn More' })).toBeVisible();
      await expect(page.getByText('We have taught piano, strings and voice by the river', { exact: false })).toBeVisible();
      const teachers = page.getByRole('region', { name: 'Teachers' });
      await expect(teachers.getByText('Sofia Marin')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Links' }).getByRole('link', { name: 'Register Widget' })).toHaveAttribute('href', /^\/widget\/register\//);
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `learn-more-${width}`);
    });

    test('the hubs list the pages of their area the role opens', async ({ page, school }) => {
      await signInAt(page, school.login('admin'), width, height, '/members');
      await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sub Admins' }).last()).toBeVisible();
      // The provider's lists are not a school's.
      await expect(page.getByRole('main').getByRole('link', { name: 'Schools' })).toHaveCount(0);
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `hub-members-${width}`);
      await page.getByRole('main').getByRole('link', { name: 'Teachers', exact: true }).click();
      await expect(page).toHaveURL(/\/member\/teachers$/);

      await page.goto('/studentbillings');
      await expect(page.getByRole('heading', { level: 1, name: 'Plans / Payments' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Invoicing' })).toBeVisible();
      await expectNoViolations(page);
      await shot(page, `hub-studentbillings-${width}`);

      await page.goto('/learning/learning');
      await expect(page.getByRole('heading', { level: 1, name: 'Learning' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Approve Course' })).toBeVisible();
      await expectNoViolations(page);

      await page.context().clearCookies();
      await signInAt(page, school.login('student'), width, height, '/learnings');
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Learn More' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Approve Course' })).toHaveCount(0);
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `hub-learnings-${width}`);
      await main.getByRole('link', { name: 'Learn More' }).click();
      await expect(page).toHaveURL(/\/learnMore$/);
    });
  });
}

/** Signs in at the test's size, straight onto the page the test opens. */
async function signInAt(page: Page, username: string, width: number, height: number, at: string) {
  await page.setViewportSize({ width, height });
  await signInWithApi(page, username, { at });
}

async function shot(page: Page, name: string) {
  await waitForIdle(page);
  await shoot(page, `${name}.png`, { caret: 'hide', animations: 'disabled', fullPage: true });
}
