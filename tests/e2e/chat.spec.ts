/**
 * Live chat (issue 14): Riverside's admin (Eleanor) and teacher (Sofia) chat in two browsers. The
 * teacher sees the unread badge on the header's chat button, opens the conversation (the badge
 * goes, the admin's message shows "Read"), sees the admin typing and the message arrive; back on
 * the dashboard, the next message lights the badge again. Axe on /chat; the list then the thread
 * on a phone.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoViolations, signInWithApi, test } from './support/fixtures';

const chatButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Chat/ });
/** The open conversation's messages (the list beside it shows the last one too). */
const thread = (page: Page) => page.getByLabel(/^Messages with/);

test('the admin and a teacher chat, with the typing indicator, read receipts and the unread badge', async ({ page: admin, browser, school }) => {
  test.slow();
  // In a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md): no earlier attempt's messages.
  const run = 'e2e';
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInWithApi(admin, school.login('admin'));
  await signInWithApi(teacher, school.login('teacher'));

  // Eleanor writes first, so Sofia has something unread whatever the demo left.
  await admin.goto('/chat');
  await expect(admin.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  const conversations = admin.getByRole('list', { name: 'Conversations' });
  await conversations.getByRole('button', { name: /Sofia Marin/ }).click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Sofia Marin' })).toBeVisible();
  await expectNoViolations(admin);
  const adminBox = admin.getByLabel('Message', { exact: true });
  await adminBox.fill(`Hello Sofia (${run})`);
  await adminBox.press('Enter');
  await expect(thread(admin).getByText(`Hello Sofia (${run})`)).toBeVisible();
  await expect(adminBox).toHaveValue('');

  // Sofia's header badge counts it; opening the conversation reads it.
  await expect(chatButton(teacher)).toHaveAccessibleName(/Chat, \d+ unread/);
  await chatButton(teacher).click();
  await expect(teacher).toHaveURL(/\/chat$/);
  const eleanor = teacher.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Eleanor Whitfield/ });
  await expect(eleanor).toContainText(`Hello Sofia (${run})`);
  await expect(eleanor.getByText('online', { exact: false })).toHaveCount(1);
  await eleanor.click();
  await expect(thread(teacher).getByText(`Hello Sofia (${run})`)).toBeVisible();
  await expect(chatButton(teacher)).toHaveAccessibleName('Chat');
  await expect(thread(admin).getByText(/· Read$/)).toBeVisible();
  await expectNoViolations(teacher);

  // Shift+Enter is a new line; Eleanor's typing shows on Sofia's side, then clears with the message.
  await adminBox.pressSequentially('Two lines');
  await expect(teacher.getByText('Eleanor is typing…')).toBeVisible();
  await adminBox.press('Shift+Enter');
  await adminBox.pressSequentially(`and a second (${run})`);
  await adminBox.press('Enter');
  await expect(thread(teacher).getByText(`and a second (${run})`)).toBeVisible();
  await expect(teacher.getByText('Eleanor is typing…')).toBeHidden();

  // Sofia answers; then, away from chat, a new message lights her badge.
  const teacherBox = teacher.getByLabel('Message', { exact: true });
  await teacherBox.fill(`Got it, thanks (${run})`);
  await teacher.getByRole('button', { name: 'Send' }).click();
  await expect(thread(admin).getByText(`Got it, thanks (${run})`)).toBeVisible();
  await teacher.goto('/dashboard');
  await expect(chatButton(teacher)).toHaveAccessibleName('Chat');
  await adminBox.fill(`One more thing (${run})`);
  await adminBox.press('Enter');
  await expect(chatButton(teacher)).toHaveAccessibleName('Chat, 1 unread');

  // On a phone: the list first, then the thread with a way back.
  await teacher.setViewportSize({ width: 390, height: 844 });
  await chatButton(teacher).click();
  const list = teacher.getByRole('list', { name: 'Conversations' });
  await expect(list).toBeVisible();
  await expectNoViolations(teacher);
  await list.getByRole('button', { name: /Eleanor Whitfield/ }).click();
  await expect(list).toBeHidden();
  await expect(thread(teacher).getByText(`One more thing (${run})`)).toBeVisible();
  await expectNoViolations(teacher);
  await teacher.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(teacher.getByRole('list', { name: 'Conversations' })).toBeVisible();
  await teacherContext.close();
});
