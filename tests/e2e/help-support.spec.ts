/**
 * Issue 14, help and support. Lily Chen (a student) opens Help from the header, searches, finds
 * nothing for a word no article has, and reads "The practice timer" with its steps and a link to
 * her Practice page. Riverside's admin (Eleanor) sends a request from "Contact for More Features";
 * the superadmin (Adrian) finds it among the open ones and answers it; Eleanor is emailed the
 * answer and reads it on /support. At 1440 and 390 px, axe on every page and dialog.
 * Lily and Eleanor are each test's own school's (decision 064); the superadmin is the demo's, who
 * answers every school: the request's subject is the attempt's own, and he finds it by that.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, mailTo, signInWithApi, test, waitForIdle } from './support/fixtures';
import type { CapturedEmail } from './support/constants';
import { shoot } from './support/shots';

const ELEANOR = 'eleanor.whitfield@riversidemusic.example';

test.describe.configure({ timeout: 90_000 });

for (const [width, height] of [[1440, 900], [390, 844]] as const) {
  test.describe(`at ${width} px`, () => {

    test('a student searches help and reads an article', async ({ page, school }) => {
      await signInAt(page, school.login('student'), width, height);
      await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
      await expect(page).toHaveURL(/\/help$/);
      await expect(page).toHaveTitle('Help | Cadenza');
      await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
      const articles = page.getByRole('list', { name: 'Help articles' });
      await expect(articles.getByRole('button', { name: 'Book a make-up lesson' })).toBeVisible();
      // Staff articles are not a student's.
      await expect(articles.getByRole('button', { name: 'Invoice a student' })).toHaveCount(0);
      await expectNoViolations(page);

      const search = page.getByLabel('Search help');
      await search.fill('xylophone');
      await expect(page.getByText('No articles match')).toBeVisible();
      await expectNoViolations(page);

      await search.fill('practice timer');
      await expect(articles.getByRole('button').first()).toHaveText('The practice timer');
      await expectNoViolations(page);
      await shot(page, `help-search-${width}`);
      await articles.getByRole('button', { name: 'The practice timer' }).click();

      await expect(page).toHaveURL(/\/help\?article=practice-timer$/);
      const article = page.getByRole('article', { name: 'The practice timer' });
      await expect(article.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(4);
      await expect(article.getByText('Start it when you begin, pause it for a break', { exact: false })).toBeVisible();
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `help-article-${width}`);

      await article.getByRole('link', { name: 'Practice', exact: true }).click();
      await expect(page).toHaveURL(/\/learning\/practice$/);
      await page.goBack();
      await page.getByRole('button', { name: 'All help articles' }).click();
      await expect(page).toHaveURL(/\/help$/);
    });

    test('the admin asks for a feature, the superadmin answers, the admin is emailed and reads the answer', async ({ page: admin, browser, school }) => {
      test.slow();
      const subject = `Waiting lists ${width} (${randomUUID().slice(0, 8)})`;
      await signInAt(admin, school.login('admin'), width, height);
      await openSupportLink(admin, width);
      await expect(admin).toHaveURL(/\/support$/);
      await expect(admin.getByRole('heading', { level: 1, name: 'Contact for More Features' })).toBeVisible();
      await waitForIdle(admin);
      await expectNoViolations(admin);

      // Nothing filled in: each field says what it needs, and nothing is sent.
      await admin.getByRole('button', { name: 'Send request' }).click();
      await expect(admin.getByText('Subject is Required')).toBeVisible();
      await expect(admin.getByText('Message is Required')).toBeVisible();

      await admin.getByRole('combobox', { name: 'Category' }).click();
      await admin.getByRole('option', { name: 'Feature request' }).click();
      await admin.getByLabel('Subject').fill(subject);
      await admin.getByLabel('Message').fill('Could families join a waiting list for a full class?');
      await admin.getByRole('button', { name: 'Send request' }).click();
      await expect(admin.getByText('Your request has been sent. We will answer by email.')).toBeVisible();
      const mine = admin.getByRole('list', { name: 'Your requests' }).getByRole('listitem', { name: subject });
      await expect(mine).toContainText('Open');
      await expect(admin.getByLabel('Subject')).toHaveValue('');

      const answer = `Thank you! Waiting lists come in the spring release (${width}).`;
      await answerAsProvider(browser, width, height, subject, answer);

      let mail: CapturedEmail | undefined;
      await expect.poll(async () => {
        mail = (await mailTo(school.email(ELEANOR))).find((m) => m.subject === `Re: ${subject}`);
        return mail !== undefined;
      }, { timeout: 15_000, message: 'the answer by email' }).toBe(true);
      if (!mail) throw new Error('no answer email');
      expect(mail.text).toContain(answer);
      expect(mail.text).toMatch(/\/support\b/);

      await admin.reload();
      await expect(mine).toContainText('Answered');
      await mine.getByRole('button', { name: subject }).click();
      const dialog = admin.getByRole('dialog', { name: subject });
      await expect(dialog.getByRole('list', { name: 'Answers' })).toContainText(answer);
      await expect(dialog.getByText(/^Cadenza team ·/)).toBeVisible();
      await expectNoViolations(admin);
      await shot(admin, `support-answer-read-${width}`);
    });
  });
}

/** The header's name check of signInWithApi needs a wide window; the test then runs at its own width. */
async function signInAt(page: Page, username: string, width: number, height: number) {
  await signInWithApi(page, username);
  await page.setViewportSize({ width, height });
}

/**
 * The link below the staff menu; at 1280 px or less the menu opens from the burger first. Decided
 * by the width, not by what the burger says yet: right after the resize it may still read "Hide
 * navigation", and the menu then folds away under the click.
 */
async function openSupportLink(page: Page, width: number) {
  if (width <= 1280) {
    const burger = page.getByRole('button', { name: 'Show navigation' });
    await expect(burger).toBeVisible();
    await burger.click();
  }
  await page.getByRole('link', { name: 'Contact for More Features' }).click();
}

async function answerAsProvider(browser: Browser, width: number, height: number, subject: string, answer: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, 'superadmin', width, height);
  await openSupportLink(page, width);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact for More Features' })).toBeVisible();
  const requests = page.getByRole('list', { name: 'Support requests' });
  await page.getByLabel('Search').fill(subject.slice(0, 60));
  const row = requests.getByRole('listitem', { name: subject });
  await expect(row).toContainText('Eleanor Whitfield');
  await expect(row).toContainText('Feature request');
  await expectNoViolations(page);
  await shot(page, `support-inbox-${width}`);

  await row.getByRole('button', { name: subject }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText('Could families join a waiting list for a full class?')).toBeVisible();
  await expect(dialog.getByText('Not answered yet.')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog.getByText('Answer is Required')).toBeVisible();
  await dialog.getByLabel('Answer', { exact: true }).fill(answer);
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Answer sent')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Answers' })).toContainText(answer);
  await expect(dialog.getByLabel('Answer', { exact: true })).toHaveValue('');
  await shot(page, `support-answer-${width}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Answered, it leaves the open list and shows under Answered.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: /^Answered/ }).click();
  await expect(row).toContainText('Answered');
  await context.close();
}

async function shot(page: Page, name: string) {
  await waitForIdle(page);
  await shoot(page, `${name}.png`, { caret: 'hide', animations: 'disabled' });
}
