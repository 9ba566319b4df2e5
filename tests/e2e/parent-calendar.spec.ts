/**
 * A parent's calendar of their children (decision 082): Grace Chen sees Lily's and Owen's lessons,
 * each named and in a colour of their own, in the week and in the list; cancels one of Lily's
 * lessons herself (no login-as), is emailed a link that opens that lesson, and books Lily's
 * make-up into an open slot of her teacher's. At 1440 and 390 px, in a school of its own
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { shoot } from './support/shots';
import {
  clearMailbox, demoLesson, expect, expectNoSidewaysScroll, expectNoViolations, followMenuLink, newSchool, SCHOOL_ZONE,
  signInWithApi, test, tokenOf, waitForIdle, waitForMail, type School,
} from './support/fixtures';


test.describe.configure({ mode: 'serial', timeout: 120_000 });

let school: School;
/** A day far enough ahead for the family to cancel (the notice window) in every run, on the school's clock. */
let day: string;
const lessons: { lily: string; owen: string; lilyLater: string } = { lily: '', owen: '', lilyLater: '' };

test.beforeAll(async ({ request }) => {
  school = await newSchool();
  day = DateTime.now().setZone(SCHOOL_ZONE).plus({ days: 10 }).toISODate()!;
  // Hours no demo lesson of the term takes (the room check is waived for the same reason).
  lessons.lily = (await demoLesson(request, day, '06:00', school)).lessonId;
  lessons.lilyLater = (await demoLesson(request, day, '06:30', school)).lessonId;
  lessons.owen = (await demoLesson(request, day, '07:00', school, { teacher: 'jamesoconnor', student: 'owenchen' })).lessonId;
  // Open make-up slots of Sofia Marin's (Lily's teacher), two and three days later.
  const admin = await tokenOf(request, school.login('admin'));
  const sofia = await tokenOf(request, school.login('teacher'));
  const headers = { Authorization: `Bearer ${admin.token}` };
  const types = (await (await request.post('/api/scheduling/lessonType/list', { headers, data: {} })).json()) as { data: { results: { _id: string; kind: string }[] } };
  // Two slots: a student joins a slot once, and Lily books twice (once at each width).
  for (const days of [2, 3]) {
    const slot = await request.post('/api/scheduling/makeupSlot/add', {
      headers,
      data: {
        teacherId: sofia.id, lessonTypeId: types.data.results.find((t) => t.kind === 'private')!._id,
        date: DateTime.fromISO(day).plus({ days }).toISODate(), startTime: '06:00', durationMinutes: 30, capacity: 1,
      },
    });
    expect(slot.status(), await slot.text()).toBe(200);
  }
});

/** The week of `day` in the family calendar, in the view asked for. */
async function openWeek(page: Page, view: 'Week' | 'List') {
  await page.goto(`/scheduling/family?date=${day}`);
  await expect(page.getByRole('heading', { name: "Children's Calendar", level: 1 })).toBeVisible();
  const legend = page.getByRole('list', { name: 'Calendar legend' });
  await expect(legend.getByText('Lily Chen')).toBeVisible();
  await expect(legend.getByText('Owen Chen')).toBeVisible();
  const control = page.getByRole('radio', { name: view });
  if (!(await control.isChecked())) await page.getByText(view, { exact: true }).click();
  await expect(control).toBeChecked();
}

/** Lily's and Owen's lessons of that day, each named, in the list. */
async function expectBothInList(page: Page) {
  const list = page.getByTestId('lesson-list');
  // The week may hold Lily's make-up at 6:00 too (booked into Sofia's slot two days on).
  await expect(list.getByRole('button', { name: /^6:00 AM.*Lily/ }).first()).toBeVisible();
  await expect(list.getByRole('button', { name: /^7:00 AM.*Owen/ })).toBeVisible();
}

async function cancelFromDrawer(page: Page, card: RegExp) {
  await page.getByTestId('lesson-list').getByRole('button', { name: card }).click();
  const drawer = page.getByRole('dialog', { name: 'Lesson' });
  await expect(drawer.getByText('Lily Chen')).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
  const form = page.getByRole('form', { name: 'Cancel lesson' });
  await form.getByLabel('Reason').fill('Family trip');
  await waitForIdle(page);
  await expectNoViolations(page);
  await form.getByRole('button', { name: 'Cancel lesson' }).click();
  const outcome = page.getByLabel('Make-up credits');
  await expect(outcome.getByText(/Lily Chen: credit until/)).toBeVisible();
  await outcome.getByRole('button', { name: 'Done' }).click();
}

async function bookLilysMakeup(page: Page) {
  await page.getByRole('button', { name: 'Book a make-up for Lily Chen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a make-up for Lily Chen' });
  await dialog.getByRole('radio', { name: /Sofia Marin/ }).first().check();
  await waitForIdle(page);
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Book make-up' }).click();
  await expect(page.getByText('Make-up Lesson Booked Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('at 1440 px a parent sees both children in the week and the list, cancels a lesson and books the make-up', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { user } = await signInWithApi(page, school.login('parent'), { at: '/member/children' });
  await followMenuLink(page, 'Calendar');
  await expect(page).toHaveURL(/\/scheduling\/family$/);

  await openWeek(page, 'Week');
  const grid = page.locator('.fc-timegrid');
  await expect(grid.locator('.fc-event', { hasText: 'Lily' }).first()).toBeVisible();
  await expect(grid.locator('.fc-event', { hasText: 'Owen' }).first()).toBeVisible();
  await waitForIdle(page);
  await expectNoViolations(page);
  await shoot(page, 'parent-calendar-week-1440.png', { fullPage: true });

  await page.getByText('List', { exact: true }).click();
  await expectBothInList(page);
  await clearMailbox();
  await cancelFromDrawer(page, /^6:00 AM.*Lily/);
  await expect(page.getByTestId('lesson-list').getByRole('button', { name: /^6:00 AM.*Lily.*Cancelled/ })).toBeVisible();

  // The email's link opens the children's calendar on that lesson, not a page the parent may not see.
  const mail = await waitForMail(user.email!);
  expect(mail.subject).toMatch(/^Lesson cancelled/);
  expect(mail.text).toContain(`/scheduling/family?date=${day}&lesson=${lessons.lily}`);

  await bookLilysMakeup(page);
  await page.goto(`/scheduling/family?date=${DateTime.fromISO(day).plus({ days: 2 }).toISODate()}`);
  await page.getByText('List', { exact: true }).click();
  await expect(page.getByTestId('lesson-list').getByRole('button', { name: /Lily.*Make-up/ })).toBeVisible();
  await shoot(page, 'parent-calendar-list-1440.png', { fullPage: true });
});

test('at 390 px the list comes first; an email link opens its lesson; a parent cancels and books again', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });

  // The link the cancellation email gave: that lesson, open, on its day.
  await signInWithApi(page, school.login('parent'), { at: `/scheduling/family?date=${day}&lesson=${lessons.lily}` });
  const drawer = page.getByRole('dialog', { name: 'Lesson' });
  await expect(drawer.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Lily Chen')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  await openWeek(page, 'List');
  await expectBothInList(page);
  await waitForIdle(page);
  await expectNoViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'parent-calendar-list-390.png', { fullPage: true });

  await cancelFromDrawer(page, /^6:30 AM.*Lily/);
  await bookLilysMakeup(page);
  await openWeek(page, 'Week');
  await expect(page.locator('.fc-event', { hasText: 'Owen' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'parent-calendar-week-390.png', { fullPage: true });
});
