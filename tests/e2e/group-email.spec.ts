/**
 * Issue 14, group email: Riverside's admin writes to all students, sees the count before sending
 * and the send's progress end at sent; Lily Chen (a student) finds it in her communication log;
 * its unsubscribe link (from the captured mail, no sign-in) works, and the next group email
 * leaves her out. A group email to the teachers carries a file of the Library, bytes and all.
 * Before any send (issue 28): a preview as a chosen recipient, a test to the admin alone and the
 * count to confirm. Axe on every new page; screenshots at 1440 and 390 px.
 */
import type { Page } from '@playwright/test';
import { capturedMail, clearMailbox, expect, expectNoSidewaysScroll, expectNoViolations, mailTo, newSchool, signInWithApi, test, waitForIdle, waitForMail, type School } from './support/fixtures';
import { APP_URL } from './support/constants';
import { tinyPdf } from '../../server/modules/library/index';
import { shoot } from './support/shots';

const LILY = 'lily.chen@riversidemusic.example';
const ADMIN = 'eleanor.whitfield@riversidemusic.example';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

// One story on a school of its own, seeded once for the file (docs/decisions/064-each-browser-spec-on-its-own-school.md).
let school: School;
test.beforeAll(async () => {
  school = await newSchool();
});

async function shootPage(page: Page, name: string) {
  await waitForIdle(page);
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await shoot(page, `${name}-${width}.png`, { fullPage: true, caret: 'hide', animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Chooses all students, checks the count, writes and sends; answers the count shown. */
async function sendToAllStudents(page: Page, subject: string): Promise<string> {
  const shown = await writeToAllStudents(page, subject, ['Hello ', ', the summer concert is on Friday at 6 pm.']);
  await confirmSend(page, Number(/^(\d+)/.exec(shown)![1]));
  return shown;
}

/** Opens /email, chooses all students, waits for the count and writes `before{first_name}after`; answers the count shown. */
async function writeToAllStudents(page: Page, subject: string, [before, after]: [string, string]): Promise<string> {
  await page.goto('/email');
  await expect(page.getByRole('heading', { name: 'Group Email', level: 1 })).toBeVisible();
  await page.getByLabel('All students').check();
  const count = page.getByTestId('recipient-count');
  await expect(count).toHaveText(/^\d+ recipients/);
  const shown = (await count.textContent())!;
  await page.getByLabel('Subject').fill(subject);
  const editor = page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await editor.pressSequentially(before);
  await page.getByRole('button', { name: '{first_name}' }).click();
  await editor.pressSequentially(after);
  return shown;
}

/** The safety net: the review dialog asks "Send to N people?", and only its own button sends. */
async function confirmSend(page: Page, recipients: number) {
  await page.getByRole('button', { name: 'Preview and send' }).click();
  const review = page.getByRole('dialog', { name: 'Review before sending' });
  await expect(review.getByText(`Send to ${recipients} ${recipients === 1 ? 'person' : 'people'}?`)).toBeVisible();
  await review.getByRole('button', { name: `Send to ${recipients} ${recipients === 1 ? 'person' : 'people'}` }).click();
  await expect(page.getByText('Mail Sent successfully')).toBeVisible();
  await expect(review).toBeHidden();
}

/** The sends list's newest row of this subject (a retry sends it again), once its progress ends at sent. */
async function expectSent(page: Page, subject: string, recipients: number) {
  const row = page.getByRole('table', { name: 'Sent group emails' }).getByRole('row').filter({ hasText: subject }).first();
  await expect(row.getByTestId('send-status')).toHaveText('Sent', { timeout: 30_000 });
  await expect(row.getByTestId('send-counts')).toContainText(`${recipients} sent · 0 queued · 0 failed`);
}

let unsubscribeUrl = '';

test('before sending: a preview as a chosen recipient, a test to oneself alone, and the count to confirm (1440 and 390 px)', async ({ page }) => {
  test.slow();
  const SUBJECT = 'Recital programme for {first_name}';
  await signInWithApi(page, school.login('admin'));
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    const recipients = Number(/^(\d+)/.exec(await writeToAllStudents(page, SUBJECT, ['Dear ', ', here is the programme.']))![1]);
    await page.getByRole('button', { name: 'Preview and send' }).click();

    const review = page.getByRole('dialog', { name: 'Review before sending' });
    const preview = review.getByRole('article', { name: 'Preview of the email' });
    await expect(review.getByText(`Send to ${recipients} people?`)).toBeVisible();
    // Previewed as a real recipient, chosen among those selected: Lily's copy has her name.
    const previewAs = review.getByRole('textbox', { name: 'Preview as' }).or(review.getByRole('combobox', { name: 'Preview as' })).first();
    await previewAs.click();
    await page.getByRole('option', { name: `Lily Chen (${school.email(LILY)})`, exact: true }).click();
    await expect(preview).toContainText('Subject: Recital programme for Lily');
    await expect(preview).toContainText('Dear Lily, here is the programme.');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, `review-${width}.png`, { fullPage: true, caret: 'hide', animations: 'disabled' });

    // The test goes to the admin alone, as Lily's copy, through the outbox and SMTP.
    await clearMailbox();
    await review.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByText(/^Test email sent to /)).toBeVisible();
    const testMail = await waitForMail(school.email(ADMIN));
    expect(testMail.subject).toBe('[Test] Recital programme for Lily');
    expect(testMail.text).toContain('Dear Lily, here is the programme.');
    expect((await allMail()).map((m) => m.envelopeTo).flat()).toEqual([school.email(ADMIN)]);

    // Back closes the dialog: nothing went out to the students, and no send is listed.
    await review.getByRole('button', { name: 'Back' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByRole('table', { name: 'Sent group emails' }).getByText(/Recital programme/)).toHaveCount(0);
  }
  expect((await allMail()).filter((m) => m.subject.startsWith('Recital programme'))).toEqual([]);
});
/** The school's captured mail (other workers' schools write at the same time; a retry's school is a new one). */
const allMail = async () => (await capturedMail()).filter((m) => m.envelopeTo.some((a) => school.hasAddress(a)));

test('the admin sends a group email to all students: the count first, then the progress ends at sent', async ({ page }) => {
  await clearMailbox();
  await signInWithApi(page, school.login('admin'), { at: '/email' });
  // The demo's past send is listed already.
  await expect(page.getByRole('table', { name: 'Sent group emails' }).getByText('Spring recital: save the date')).toBeVisible();
  await expectNoViolations(page);

  // Sending without a choice or a subject: the form says what is missing.
  await page.getByRole('button', { name: 'Preview and send' }).click();
  await expect(page.getByText('Please choose who receives this email')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveAccessibleDescription(/Subject is Required/);

  const shown = await sendToAllStudents(page, 'Summer concert for {first_name}');
  const recipients = Number(/^(\d+)/.exec(shown)![1]);
  expect(recipients).toBeGreaterThan(1);
  await expectSent(page, 'Summer concert for {first_name}', recipients);
  await shootPage(page, 'group-email');

  const mail = await waitForMail(school.email(LILY));
  expect(mail.subject).toBe('Summer concert for Lily');
  expect(mail.text).toContain('Hello Lily, the summer concert is on Friday at 6 pm.');
  unsubscribeUrl = new RegExp(`${APP_URL}/unsubscribe/[A-Za-z0-9_-]+`).exec(mail.text)![0];
  expect(mail.listUnsubscribe).toMatch(new RegExp(`^<${APP_URL}/api/massEmail/unsubscribe/[A-Za-z0-9_-]+>$`));
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
});

test('the student finds it in their communication log, without its unsubscribe link', async ({ page }) => {
  await signInWithApi(page, school.login('student'), { at: '/reporting/communication-log' });
  await expect(page.getByRole('heading', { name: 'Communication Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Communication log' });
  // The email, and beside it the notification that told her of it (issue 14: both channels in the log).
  const sent = table.getByRole('row').filter({ hasText: 'Summer concert for Lily' });
  const row = sent.filter({ has: page.getByRole('cell', { name: 'Email', exact: true }) });
  await expect(row).toBeVisible();
  await expect(sent.filter({ has: page.getByRole('cell', { name: 'Notification', exact: true }) })).toBeVisible();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row.getByText('Email', { exact: true })).toBeVisible();
  await expect(table.getByText(/riversidemusic\.example/).filter({ hasNotText: school.email(LILY) })).toHaveCount(0);
  // The demo's spring recital reached her too (searched: earlier specs' mail to her may have moved it to a later page).
  await page.getByLabel('Search').fill('Spring recital');
  await expect(table.getByRole('row').filter({ hasText: 'Spring recital: save the date' }).filter({ has: page.getByRole('cell', { name: 'Email', exact: true }) })).toBeVisible();
  await expect(table.getByText(/riversidemusic\.example/).filter({ hasNotText: school.email(LILY) })).toHaveCount(0);
  await expectNoViolations(page);

  await page.getByLabel('Search').fill('summer');
  await expect(table.getByRole('row')).toHaveCount(3);
  await shootPage(page, 'communication-log');

  await row.getByRole('button', { name: 'Summer concert for Lily' }).click();
  const dialog = page.getByRole('dialog', { name: 'Summer concert for Lily' });
  const message = dialog.getByRole('article', { name: 'The message' });
  await expect(message).toContainText('Hello Lily, the summer concert is on Friday at 6 pm.');
  // The unsubscribe link is there, without its token.
  await expect(message).toContainText(`${APP_URL}/unsubscribe/link-removed-after-sending`);
  expect(await page.content()).not.toContain(unsubscribeUrl.split('/').at(-1)!);
  await expect(dialog.getByText('Links that open an account, a payment or an unsubscribe are removed from the log.')).toBeVisible();
  await expectNoViolations(page);
  await shootPage(page, 'communication-log-message');
  await page.keyboard.press('Escape');

  // Her notifications have it too: the bell's list and /notification.
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(page.getByRole('menu').getByText('Summer concert for Lily')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/notification');
  await expect(page.getByRole('main').getByText('Summer concert for Lily')).toBeVisible();
  await expectNoViolations(page);
});

test('the unsubscribe link works without signing in, and the next group email leaves the student out', async ({ page }) => {
  // A fresh page: nobody is signed in.
  const visitor = page;
  await visitor.goto(unsubscribeUrl);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe from group email' })).toBeVisible();
  await expect(visitor.getByText(/Lily, do you want to stop receiving group email from Riverside Music Academy\?/)).toBeVisible();
  await expectNoViolations(visitor);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'You are unsubscribed' })).toBeVisible();
  await expectNoViolations(visitor);
  await shootPage(visitor, 'unsubscribe');

  await signInWithApi(page, school.login('admin'));
  const shown = await sendToAllStudents(page, 'Concert tickets for {first_name}');
  expect(shown).toMatch(/\(1 unsubscribed, left out\)$/);
  const recipients = Number(/^(\d+)/.exec(shown)![1]);
  await expectSent(page, 'Concert tickets for {first_name}', recipients);
  await expect(page.getByRole('table', { name: 'Sent group emails' }).getByRole('row').filter({ hasText: 'Concert tickets' })).toContainText('1 unsubscribed');
  // Everyone else got it; Lily did not.
  await expect.poll(async () => (await allMail()).filter((m) => m.subject.startsWith('Concert tickets for ')).length).toBe(recipients);
  expect((await mailTo(school.email(LILY))).map((m) => m.subject)).toEqual(['Summer concert for Lily']);
});

test('a group email carries a file of the Library: every copy has it, and the send lists it', async ({ page }) => {
  const SUBJECT = 'Scales for the autumn term';
  // The demo Library's sheet (server/modules/library/demo): its exact bytes are what every teacher gets.
  const SHEET = { name: 'Scales practice sheet.pdf', size: tinyPdf('Scales practice sheet').length };
  await signInWithApi(page, school.login('admin'), { at: '/email' });
  await page.getByLabel('All teachers').check();
  const count = page.getByTestId('recipient-count');
  await expect(count).toHaveText(/^\d+ recipients?/);
  const recipients = Number(/^(\d+)/.exec((await count.textContent())!)![1]);
  await page.getByLabel('Subject').fill(SUBJECT);
  const editor = page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await editor.pressSequentially('The practice sheet for this term is attached.');
  const files = page.getByRole('textbox', { name: 'Attachments' }).or(page.getByRole('combobox', { name: 'Attachments' })).first();
  await files.click();
  await files.fill('Scales');
  await page.getByRole('option', { name: `${SHEET.name} (PDF)`, exact: true }).click();
  await page.getByLabel('Subject').click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expectNoViolations(page);
  await confirmSend(page, recipients);

  await expectSent(page, SUBJECT, recipients);
  const row = page.getByRole('table', { name: 'Sent group emails' }).getByRole('row').filter({ hasText: SUBJECT });
  await expect(row.getByRole('list', { name: `Attachments of ${SUBJECT}` })).toContainText(SHEET.name);
  await shootPage(page, 'group-email-attachment');

  await expect.poll(async () => (await allMail()).filter((m) => m.subject === SUBJECT).length).toBe(recipients);
  for (const mail of (await allMail()).filter((m) => m.subject === SUBJECT)) {
    expect(mail.attachments).toEqual([{ filename: SHEET.name, contentType: 'application/pdf', size: SHEET.size }]);
  }
});
