/**
 * Families reachable (issue 28, decision 081): Grace Chen, a parent, opens chat from the header,
 * finds the office and her children's teachers (no one else), and writes to Sofia Marin, who has
 * Grace's conversation open in another browser (found by searching "Grace") and sees the message
 * arrive live. Sofia answers while Grace is on another page: Grace's chat badge counts it, and
 * reading it clears the badge. At 1440 and 390 px, each in a school of its own, axe on both sides.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const;

const chatButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Chat/ });
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
/** The open conversation's messages (the list beside it shows the last one too). */
const thread = (page: Page) => page.getByLabel(/^Messages with/);
const shootPage = (page: Page, name: string) => shoot(page, `${name}.png`, { caret: 'hide', animations: 'disabled' });

for (const { name, size } of WIDTHS) {
  test(`a parent writes to her child's teacher, who sees it live; the answer lights the parent's badge, at ${name} px`, async ({ page: parent, browser, school }) => {
    test.slow();
    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    // Signed in at the desktop width (the helper checks the name the header shows there), then resized.
    await signInWithApi(parent, school.login('parent'));
    await signInWithApi(teacher, school.login('teacher'));
    await parent.setViewportSize(size);
    await teacher.setViewportSize(size);

    // Sofia finds Grace by name and opens their conversation before Grace writes.
    await teacher.goto('/chat');
    await teacher.getByLabel('Search people').fill('Grace');
    await expect(conversations(teacher).getByRole('button')).toHaveCount(1);
    await conversations(teacher).getByRole('button', { name: /Grace Chen/ }).click();
    await expect(teacher.getByRole('heading', { level: 2, name: 'Grace Chen' })).toBeVisible();

    // Grace: chat from the header; her people are the office and her children's two teachers.
    await chatButton(parent).click();
    await expect(parent).toHaveURL(/\/chat$/);
    await expect(parent.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    const mine = conversations(parent);
    for (const person of ['Eleanor Whitfield', 'Marcus Bell', 'Sofia Marin', "James O'Connor"]) {
      await expect(mine.getByRole('button', { name: new RegExp(person) })).toBeVisible();
    }
    await expect(mine.getByRole('button')).toHaveCount(4);
    await expectNoViolations(parent);
    await shootPage(parent, `parent-list-${name}`);

    await mine.getByRole('button', { name: /Sofia Marin/ }).click();
    await expect(parent.getByRole('heading', { level: 2, name: 'Sofia Marin' })).toBeVisible();
    const question = `Could Lily come half an hour early on Thursday? (${name})`;
    const box = parent.getByLabel('Message', { exact: true });
    await box.fill(question);
    await box.press('Enter');
    await expect(thread(parent).getByText(question)).toBeVisible();

    // Live in Sofia's open window, with no reload.
    await expect(thread(teacher).getByText(question)).toBeVisible();
    await expectNoViolations(teacher);
    await shootPage(teacher, `teacher-thread-${name}`);

    // Grace leaves chat; Sofia's answer lights Grace's badge, and reading it clears the badge.
    await parent.goto('/member/children');
    await expect(chatButton(parent)).toHaveAccessibleName('Chat');
    const answer = `Yes, 4:30 is free (${name})`;
    const teacherBox = teacher.getByLabel('Message', { exact: true });
    await teacherBox.fill(answer);
    await teacher.getByRole('button', { name: 'Send' }).click();
    await expect(chatButton(parent)).toHaveAccessibleName('Chat, 1 unread');
    await waitForIdle(parent);
    await shootPage(parent, `parent-badge-${name}`);
    await chatButton(parent).click();
    await conversations(parent).getByRole('button', { name: /Sofia Marin/ }).click();
    await expect(thread(parent).getByText(answer)).toBeVisible();
    await expect(chatButton(parent)).toHaveAccessibleName('Chat');
    await expectNoViolations(parent);
    await shootPage(parent, `parent-thread-${name}`);
    await teacherContext.close();
  });
}
