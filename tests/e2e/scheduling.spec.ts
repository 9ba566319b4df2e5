/**
 * Scheduling calendars: an admin creates a weekly lesson for a student and finds it in the
 * weekly and daily views, drags one occurrence to another day, cancels and banks another, books
 * the make-up from its credit and takes attendance of a past one; a teacher sees the monthly
 * view with their lessons only, and the student sees their lessons.
 */
import type { Locator, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { blockingViolations, expect, newSchool, signInWithApi, test, waitForIdle, type School } from './support/fixtures';
import { shoot } from './support/shots';

/** The demo school's zone: every date and time below is its wall clock. */
const ZONE = 'America/New_York';

// Monday two weeks ago: the series runs six Mondays at 7:00 (see at()), two past, four to come.
const today = DateTime.now().setZone(ZONE).startOf('day');
const firstMonday = today.minus({ weeks: 2 }).startOf('week');
const monday = (weeks: number) => firstMonday.plus({ weeks });
const iso = (d: DateTime) => d.toISODate()!;
const PAST = monday(0);
const MOVED_FROM = monday(3);
const MOVED_TO = MOVED_FROM.plus({ days: 1 });
const BANKED = monday(4);
const MAKEUP = BANKED.plus({ days: 2 });

/**
 * The hours of the story's lessons. The file is one story on a school of its own, seeded once
 * for the file (docs/decisions/064-each-browser-spec-on-its-own-school.md); a retry (a new worker)
 * re-runs it whole on a new school.
 */
function at() {
  const hour = 7;
  const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { start: clock(hour), label: `${hour}:00am`, long: `${hour}:00 AM – ${hour}:30 AM`, movedSlot: `${clock(hour + 1)}:00`, movedLabel: `${hour + 1}:00am`, movedLong: `${hour + 1}:00 AM – ${hour + 1}:30 AM` };
}

/**
 * No serious or critical axe finding. Toasts go first: the toast's close button has no name
 * (web/app/NotificationsHost.tsx, outside this feature).
 */
async function expectAccessible(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect((await blockingViolations(page)).join('\n')).toBe('');
}

/** A Mantine Select: open it by its label, type (when it searches), pick the option, and close the list. */
async function pick(page: Page, scope: Locator, label: string, typed: string | null, option: string, away: Locator) {
  const input = scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first();
  await input.click();
  if (typed !== null) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await away.click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** This attempt's lesson (or the one at `time`) in a day's column of a time grid. */
function lessonOn(page: Page, day: DateTime, text = 'Lily Chen', time = at().label) {
  return page.locator(`.fc-timegrid-col[data-date="${iso(day)}"] .fc-event`).filter({ hasText: text }).filter({ hasText: `${time} - ` });
}

async function openWeek(page: Page, day: DateTime, view = 'weekly') {
  await page.goto(`/scheduling/${view}?date=${iso(day)}`);
  await waitForIdle(page);
}

async function openLesson(page: Page, day: DateTime, text?: string, time?: string) {
  await lessonOn(page, day, text, time).click();
  // The drawer's title follows the step (Lesson, Take attendance, Cancel lesson, ...).
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(/\d:\d\d [AP]M – /)).toBeVisible();
  return drawer;
}

// Each test walks several screens of a large page (FullCalendar): more than the default 30 s on two busy cores.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let school: School;
test.beforeAll(async () => {
  school = await newSchool();
});

test('an admin creates a weekly lesson and sees it in the weekly and daily views', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page, PAST);
  await expect(page.getByRole('heading', { name: 'Weekly Schedule' })).toBeVisible();
  await expect(page.getByText(`Times are in the school's time zone (${ZONE}).`)).toBeVisible();

  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
  const title = dialog.getByRole('heading', { name: 'Add Lesson' });
  await dialog.getByRole('button', { name: 'Add Lesson' }).click();
  await expect(dialog.getByText('Teacher is Required')).toBeVisible();
  await expectAccessible(page);

  await pick(page, dialog, 'Teacher', 'Sofia', 'Sofia Marin', title);
  await pick(page, dialog, 'Lesson type', null, 'Private Lesson', title);
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('30');
  await pick(page, dialog, 'Students', 'Lily', 'Lily Chen', title);
  await pick(page, dialog, 'Room', null, 'Studio A', title);
  await dialog.getByLabel('Date').fill(iso(PAST));
  await dialog.getByLabel('Start time').fill(at().start);
  await pick(page, dialog, 'Repeats', null, 'Every week', title);
  await dialog.getByLabel('After a number of lessons').check();
  await dialog.getByRole('spinbutton', { name: 'Number of lessons' }).fill('6');
  await dialog.getByLabel('Notes').fill('Scales, then the Czerny étude');
  await shoot(page, 'scheduling-add-lesson.png');
  await dialog.getByRole('button', { name: 'Add Lesson' }).click();
  await expect(page.getByText('Lesson Added Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(lessonOn(page, PAST)).toBeVisible();
  await expect(lessonOn(page, PAST)).toContainText('Studio A');
  await shoot(page, 'scheduling-weekly.png', { fullPage: true });

  await page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: 'Day' }).click();
  await expect(page).toHaveURL(/\/scheduling\/daily\?date=/);
  await page.goto(`/scheduling/daily?date=${iso(MOVED_FROM)}`);
  await expect(page.getByRole('heading', { name: 'Daily Schedule' })).toBeVisible();
  await expect(lessonOn(page, MOVED_FROM)).toBeVisible();
});

test('the admin takes attendance of a past lesson, and the calendar marks it', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page, PAST);
  const drawer = await openLesson(page, PAST);
  await expect(drawer.getByText('Scales, then the Czerny étude')).toBeVisible();
  await drawer.getByRole('button', { name: 'Take attendance' }).click();
  await pick(page, drawer, 'Attendance of Lily Chen', null, 'Late', drawer.getByText('Lily Chen', { exact: true }));
  await drawer.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Attendance Saved Successfully')).toBeVisible();
  await expect(drawer.getByText('Late', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lessonOn(page, PAST).getByText('Attendance taken')).toBeAttached();
});

test('the admin drags one lesson of the series to the next day, only that one', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page, MOVED_FROM);
  const lesson = lessonOn(page, MOVED_FROM);
  await lesson.scrollIntoViewIfNeeded();
  const from = (await lesson.boundingBox())!;
  const column = (await page.locator(`.fc-timegrid-col[data-date="${iso(MOVED_TO)}"]`).boundingBox())!;
  const slot = (await page.locator(`.fc-timegrid-slot-lane[data-time="${at().movedSlot}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 15, { steps: 5 });
  await page.mouse.move(column.x + column.width / 2, slot.y + 5, { steps: 15 });
  await page.mouse.up();

  const ask = page.getByRole('dialog', { name: 'Move lesson' });
  await expect(ask.getByText('Move only this lesson or this and all following lessons?')).toBeVisible();
  // The dialog says from when to when.
  await expect(ask.getByRole('group', { name: 'The move' })).toContainText(`From ${MOVED_FROM.toFormat('ccc, LLL d, yyyy')}, ${at().long}`);
  await expect(ask.getByRole('group', { name: 'The move' })).toContainText(`To ${MOVED_TO.toFormat('ccc, LLL d, yyyy')}, ${at().movedLong}`);
  await ask.getByRole('button', { name: 'This lesson' }).click();
  await expect(page.getByText('Lesson Moved Successfully')).toBeVisible();
  await expect(lessonOn(page, MOVED_TO, 'Lily Chen', at().movedLabel)).toBeVisible();
  await expect(lessonOn(page, MOVED_FROM)).toHaveCount(0);

  // The next Monday keeps its lesson.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(lessonOn(page, BANKED)).toBeVisible();
});

test('the admin cancels and banks a lesson, then books the make-up from its credit', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page, BANKED);
  let drawer = await openLesson(page, BANKED);
  await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
  await drawer.getByLabel('Reason').fill('Teacher at a conference');
  await drawer.getByLabel('Bank this lesson').check();
  await drawer.getByLabel('Grant a credit even outside the rules').check();
  await drawer.getByRole('radio', { name: 'This lesson' }).check();
  await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
  await expect(drawer.getByText(/^Lily Chen: credit until /)).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(drawer).toBeHidden();

  const banked = lessonOn(page, BANKED);
  await expect(banked.getByText(/^Cancelled · Banked until \w{3} \d+, \d{4}$/)).toBeVisible();

  drawer = await openLesson(page, BANKED);
  await expect(drawer.getByText(/^Banked until /)).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Book make-up' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Make-up credit' }).or(drawer.getByRole('combobox', { name: 'Make-up credit' })).first()).toHaveValue(/^Lily Chen: Private Lesson on /);
  await drawer.getByLabel('Date').fill(iso(MAKEUP));
  await drawer.getByLabel('Start time').fill(at().start);
  await shoot(page, 'scheduling-makeup.png');
  await drawer.getByRole('button', { name: 'Book make-up' }).click();
  await expect(page.getByText('Make-up Lesson Booked Successfully')).toBeVisible();
  await expect(lessonOn(page, MAKEUP).getByText('Make-up')).toBeVisible();
});

test('the admin books a lesson for another teacher, which Sofia Marin does not see', async ({ page }) => {
  await signInWithApi(page, school.login('admin'));
  await openWeek(page, MOVED_FROM);
  await page.getByRole('button', { name: 'Add Lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
  const title = dialog.getByRole('heading', { name: 'Add Lesson' });
  await pick(page, dialog, 'Teacher', 'James', "James O'Connor", title);
  await pick(page, dialog, 'Lesson type', null, 'Private Lesson', title);
  await pick(page, dialog, 'Students', 'Emma', 'Emma Davis', title);
  await dialog.getByLabel('Date').fill(iso(MOVED_FROM));
  await dialog.getByLabel('Start time').fill(at().start);
  await dialog.getByRole('button', { name: 'Add Lesson' }).click();
  await expect(page.getByText('Lesson Added Successfully')).toBeVisible();
  await expect(lessonOn(page, MOVED_FROM, 'Emma Davis')).toBeVisible();
});

test('a teacher sees only their lessons, in the monthly view too', async ({ page }) => {
  await signInWithApi(page, school.login('teacher'));
  await openWeek(page, MOVED_FROM);
  await expect(lessonOn(page, MOVED_TO, 'Lily Chen', at().movedLabel)).toBeVisible();
  await expect(lessonOn(page, MOVED_FROM, 'Emma Davis')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Lesson' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Teacher' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: 'Month' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly Schedule' })).toBeVisible();
  await waitForIdle(page);
  const day = page.locator(`.fc-daygrid-day[data-date="${iso(MOVED_TO)}"]`);
  await expect(day.locator('.fc-event').filter({ hasText: 'Lily Chen' }).filter({ hasText: at().movedLabel })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'scheduling-monthly-teacher.png', { fullPage: true });
});

test('the student sees their lessons, and may cancel one but not edit it', async ({ page }) => {
  await signInWithApi(page, school.login('student'));
  await openWeek(page, MOVED_FROM);
  await expect(page.getByRole('heading', { name: 'Weekly Schedule' })).toBeVisible();
  const moved = page.locator(`.fc-timegrid-col[data-date="${iso(MOVED_TO)}"] .fc-event`).filter({ hasText: `${at().movedLabel} - ` });
  await expect(moved).toContainText('Private Lesson');
  await expect(page.getByRole('button', { name: 'Add Lesson' })).toHaveCount(0);
  // By keyboard: a lesson is a tab stop, and Enter opens it.
  await moved.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Lesson' });
  await expect(drawer.getByText('Studio A')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Take attendance' })).toHaveCount(0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
