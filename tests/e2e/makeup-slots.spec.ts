/**
 * Open make-up slots (issue 10, decision 028): an admin publishes one on the set-up page; a
 * parent sees their child's make-up credits on the Children page and books a make-up into it,
 * on a desktop and on a phone. In a school of its own, with the demo's term
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { Page } from '@playwright/test';
import { blockingViolations, expect, expectNoSidewaysScroll, newSchool, signInWithApi, test, waitForIdle, type School } from './support/fixtures';
import { shoot } from './support/shots';


/** The first Thursday (4) or Friday (5) at least `days` ahead, as the date input writes it. */
function weekdayAhead(days: number, weekday: 4 | 5): string {
  const at = new Date(Date.now() + days * 86_400_000);
  while ((at.getDay() || 7) !== weekday) at.setDate(at.getDate() + 1);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });

// The tests share one school: the first books the demo's credit of Lily's, the second banks her another.
let school: School;
test.beforeAll(async () => {
  school = await newSchool();
});

async function publishSlot(page: Page, date: string, time: string) {
  await signInWithApi(page, school.login('admin'), { at: '/schedulings?tab=slots' });
  await expect(page.getByRole('tab', { name: 'Make-up Slots' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Publish a make-up slot' });
  await form.getByRole('button', { name: 'Publish slot' }).click();
  await expect(form.getByText('Teacher is Required')).toBeVisible();
  const teacher = form.getByRole('textbox', { name: 'Teacher' }).or(form.getByRole('combobox', { name: 'Teacher' })).first();
  await teacher.click();
  await teacher.fill('Sofia');
  await page.getByRole('option', { name: 'Sofia Marin', exact: true }).click();
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Start time').fill(time);
  await form.getByRole('button', { name: 'Publish slot' }).click();
  await expect(page.getByText('Make-up Slot Added Successfully')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Make-up slots' }).getByText('0 of 1 booked').first()).toBeVisible();
  await waitForIdle(page);
  expect(await blockingViolations(page)).toEqual([]);
}

/** Gives Lily a new credit: the admin banks her next lesson by hand (through the API). */
async function bankLilysNextLesson(page: Page) {
  const login = await page.request.post('/api/auth/local/login', { data: { username: school.login('admin'), password: 'Demo@12345', remember: false } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const events = await page.request.post('/api/scheduling/getEvents', { headers, data: { start, end } });
  type Ev = { _id: string; assignedId: { cancelLesson: boolean }; studentAttendance: { studId: { first_name: string; last_name: string } }[] };
  const lily = ((await events.json()) as { data: { results: Ev[] } }).data.results
    .find((e) => !e.assignedId.cancelLesson && e.studentAttendance.some((a) => a.studId.first_name === 'Lily' && a.studId.last_name === 'Chen'));
  expect(lily, 'a lesson of Lily ahead').toBeTruthy();
  const cancelled = await page.request.post('/api/scheduling/cancelLesson', { headers, data: { id: lily!._id, cancelReason: 'Family trip', bank: true, grantAnyway: true } });
  expect(cancelled.status()).toBe(200);
}

async function parentBooks(page: Page, shot: string, width = 1440) {
  await page.setViewportSize({ width, height: width > 768 ? 900 : 844 });
  await signInWithApi(page, school.login('parent'), { at: '/member/children' });
  const lily = page.getByRole('article', { name: 'Lily Chen' });
  await expect(lily.getByText(/make-up credits? · the first expires/)).toBeVisible();
  await lily.getByRole('button', { name: 'Book a make-up for Lily Chen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a make-up for Lily Chen' });
  await expect(dialog.getByLabel('Make-up credit')).toBeVisible();
  await dialog.getByRole('button', { name: 'Book make-up' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Make-up slot is Required');
  const slot = dialog.getByRole('radio', { name: /Sofia Marin/ }).first();
  await slot.check();
  await waitForIdle(page);
  expect(await blockingViolations(page)).toEqual([]);
  await shoot(page, `${shot}.png`, { fullPage: true });
  await dialog.getByRole('button', { name: 'Book make-up' }).click();
  await expect(page.getByText('Make-up Lesson Booked Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin publishes a make-up slot and a parent books it with their child’s credit', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await publishSlot(page, weekdayAhead(9, 4), '07:00');
  await shoot(page, 'slots-tab-1440.png', { fullPage: true });
  await parentBooks(page, 'book-makeup-1440');
});

test('on a phone, a parent books a make-up into an open slot', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await bankLilysNextLesson(page);
  await publishSlot(page, weekdayAhead(9, 5), '07:00');
  await parentBooks(page, 'book-makeup-390', 390);
  // No sideways scroll of the page.
  await expectNoSidewaysScroll(page);
});
