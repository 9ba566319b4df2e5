/**
 * Issue 10's calendar: labels lead with who, colour by teacher with a legend, closures named
 * under their date and shaded solid, the hours a keyboard-reachable region; the cancel dialog
 * restates the lesson and says the credit outcome before confirming, and Add Lesson starts at the
 * first free hour with its first error in view (both at 1440 and 390 px); on a phone (390 px) the
 * week is a list of cards, the toolbar fits, the filters are behind one button, and the page
 * never scrolls sideways. In a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md),
 * with the demo's term: the closure is on a Sunday far ahead (no demo lessons on Sundays).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { blockingViolations, DEMO_PASSWORD, expect, expectNoSidewaysScroll, newSchool, signInWithApi, test, waitForIdle, type School } from './support/fixtures';

const ZONE = 'America/New_York';
// A Sunday nine weeks ahead, and its week (Sunday to Saturday, as the calendar shows weeks).
const SUNDAY = DateTime.now().setZone(ZONE).startOf('day').plus({ weeks: 9 }).minus({ days: DateTime.now().setZone(ZONE).weekday % 7 });
const MONDAY = SUNDAY.plus({ days: 1 });
const CLOSURE = 'Piano tuning day';

async function asAdmin(request: APIRequestContext) {
  const login = await request.post('/api/auth/local/login', { data: { username: school.login('admin'), password: DEMO_PASSWORD } });
  return { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

async function expectAccessible(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect((await blockingViolations(page)).join('\n')).toBe('');
}

async function openWeek(page: Page) {
  await page.goto(`/scheduling/weekly?date=${SUNDAY.toISODate()}`);
  await waitForIdle(page);
}

test.describe.configure({ mode: 'serial', timeout: 60_000 });

// The tests of the file share one school: the closure is made once.
let school: School;
test.beforeAll(async ({ request }) => {
  school = await newSchool();
  const headers = await asAdmin(request);
  const res = await request.post('/api/scheduling/holiday/add', { headers, data: { name: CLOSURE, startsOn: SUNDAY.toISODate(), endsOn: SUNDAY.toISODate(), bankLessons: false } });
  expect(res.status()).toBe(200);
});

test('at 1440 px the week leads with who, colours by teacher with a legend, and names the closure', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page);
  const legend = page.getByRole('list', { name: 'Calendar legend' });
  await expect(legend.getByText('Sofia Marin')).toBeVisible();
  await expect(legend.getByText("James O'Connor")).toBeVisible();
  await expect(legend.getByText('School closed')).toBeVisible();
  await expect(page.getByText(`Closed: ${CLOSURE} (${SUNDAY.toFormat('LLL d, yyyy')})`)).toBeVisible();
  const lily = page.locator(`.fc-timegrid-col[data-date="${MONDAY.toISODate()}"] .fc-event`).filter({ hasText: 'Lily Chen' });
  await expect(lily).toBeVisible();
  const text = (await lily.innerText()).replace(/\s+/g, ' ');
  expect(text.indexOf('Lily Chen')).toBeLessThan(text.indexOf('Private Lesson'));
  // Sofia's and James's lessons differ in colour.
  const colourOf = (name: string) => page.locator('.fc-event').filter({ hasText: name }).first().evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await colourOf('Lily Chen')).not.toBe(await colourOf('Owen Chen'));
  await expectAccessible(page);
});

test('a closed day is labelled under its date and shaded solid; an empty day\'s hours are a labelled region the keyboard reaches', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page);
  const header = page.locator(`.fc-col-header-cell[data-date="${SUNDAY.toISODate()}"]`);
  await expect(header).toContainText(`Closed: ${CLOSURE}`);
  const shade = page.locator('.fc-bg-event.cadenza-closure').first();
  await expect(shade).toBeVisible();
  const style = await shade.evaluate((e) => ({ opacity: getComputedStyle(e).opacity, image: getComputedStyle(e).backgroundImage }));
  expect(style).toEqual({ opacity: '1', image: 'none' });
  // The closed Sunday alone, with no lesson to tab to: the hours still take the keyboard.
  await page.goto(`/scheduling/daily?date=${SUNDAY.toISODate()}`);
  await waitForIdle(page);
  await expect(page.getByText('No lessons this day')).toBeVisible();
  const hours = page.getByRole('region', { name: 'Calendar hours' });
  await expect(hours).toBeVisible();
  await hours.focus();
  await expect(hours).toBeFocused();
  expect(await hours.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  await expectAccessible(page);
});

const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const;

for (const { name, size } of WIDTHS) {
  test(`the cancel dialog restates the lesson and shows the credit outcome before confirming at ${name} px`, async ({ page }) => {
    await page.setViewportSize(size);
    // The day: on a phone too it is a time grid.
    await signInWithApi(page, school.login('admin'), { at: `/scheduling/daily?date=${MONDAY.toISODate()}` });
    await waitForIdle(page);
    await page.locator(`.fc-timegrid-col[data-date="${MONDAY.toISODate()}"] .fc-event`).filter({ hasText: 'Lily Chen' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
    const form = drawer.getByRole('form', { name: 'Cancel lesson' });
    const lesson = form.getByRole('group', { name: 'The lesson to cancel' });
    await expect(lesson.getByText('Lily Chen – Private Lesson')).toBeVisible();
    await expect(lesson.getByText(`${MONDAY.toFormat('ccc, LLL d, yyyy')}, 4:00 PM – 4:30 PM`)).toBeVisible();
    await expect(form.getByText('No make-up credit: this lesson is not banked.')).toBeVisible();
    await form.getByLabel('Bank this lesson').check();
    await expect(form.getByText(/^Lily Chen gets a make-up credit until /)).toBeVisible();
    await expect(form.getByLabel('Grant a credit even outside the rules')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel lesson' }).click();
    await expect(form.getByText('Reason is Required')).toBeInViewport();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Keep lesson' }).click();
    await expect(drawer.getByRole('button', { name: 'Cancel lesson' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test(`Add Lesson starts at the school's opening hour with its default length, and its first error is in view at ${name} px`, async ({ page }) => {
    await page.setViewportSize(size);
    // The closed Sunday has no lesson: the first free hour is the school's opening (8 am in the demo).
    await signInWithApi(page, school.login('admin'), { at: `/scheduling/daily?date=${SUNDAY.toISODate()}` });
    await waitForIdle(page);
    await page.getByRole('button', { name: 'Add Lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
    await expect(dialog.getByLabel('Date')).toHaveValue(SUNDAY.toISODate()!);
    await expect(dialog.getByLabel('Start time')).toHaveValue('08:00');
    await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('30');
    await dialog.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(dialog.getByText('Teacher is Required')).toBeInViewport();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });
}

test('a teacher\'s week on a phone is a list of cards, with a toolbar that fits and no sideways scroll', async ({ page }) => {
  await signInWithApi(page, school.login('teacher'));
  await page.setViewportSize({ width: 390, height: 844 });
  await openWeek(page);
  const list = page.getByTestId('lesson-list');
  const monday = list.getByRole('region', { name: MONDAY.toFormat('cccc, LLL d') });
  await expect(monday.getByRole('button', { name: /Lily Chen/ })).toBeVisible();
  await expect(list.getByRole('region', { name: SUNDAY.toFormat('cccc, LLL d') }).getByText(`Closed: ${CLOSURE}`)).toBeVisible();
  await expect(page.locator('.fc-timegrid')).toHaveCount(0);
  // "Today" is whole: its label is not cut.
  const today = page.getByRole('button', { name: 'Today' });
  await expect(today).toBeInViewport({ ratio: 1 });
  expect(await today.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
  await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
  await expect(page.getByLabel('Student', { exact: true })).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('textbox', { name: 'Student' }).or(page.getByRole('combobox', { name: 'Student' })).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  await monday.getByRole('button', { name: /Lily Chen/ }).click();
  await expect(page.getByRole('dialog').getByText(`${MONDAY.toFormat('ccc, LLL d, yyyy')}, 4:00 PM – 4:30 PM`)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('on a phone the admin\'s day stays a day', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithApi(page, school.login('admin'), { at: `/scheduling/daily?date=${MONDAY.toISODate()}` });
  await waitForIdle(page);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('on a phone a student\'s week shows only what the detail rule allows', async ({ page }) => {
  await signInWithApi(page, school.login('student'));
  await page.setViewportSize({ width: 390, height: 844 });
  await openWeek(page);
  const card = page.getByTestId('lesson-list').getByRole('button', { name: /Private Lesson/ }).first();
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Lily Chen');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
