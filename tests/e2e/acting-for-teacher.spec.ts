/**
 * Issue 10, "Acting for a teacher": an admin acting as Sofia Marin sees Lily Chen on the
 * lesson's drawer (the calendar's label keeps to docs/domains/scheduling.md "Who may do what"), takes her attendance and
 * changes the lesson's notes, which keeps its students. At 1440 px (the week) and on a phone
 * (390 px, the day: it stays a time grid there), with axe on the drawer. Each test in a school of
 * its own, with the demo's term (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import { DateTime } from 'luxon';
import { blockingViolations, expect, SCHOOL_ZONE, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot, takesShots } from './support/shots';

// The demo term: Lily's weekly lesson with Sofia, Mondays at 4:00 PM; last week's is over.
const MONDAY = DateTime.now().setZone(SCHOOL_ZONE).minus({ weeks: 1 }).startOf('week');
const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, view: 'weekly' },
  { name: '390', size: { width: 390, height: 844 }, view: 'daily' },
] as const;

test.describe.configure({ timeout: 60_000 });

for (const { name, size, view } of WIDTHS) {
  test(`an admin acting as a teacher takes attendance and edits the lesson at ${name} px`, async ({ page, school }) => {
    await signInWithApi(page, school.login('admin'));
    await page.setViewportSize(size);
    const card = page.getByRole('region', { name: 'Login as' });
    await card.getByLabel('Search people').fill('Sofia');
    await card.getByRole('button', { name: 'Login as Sofia Marin' }).click();
    await expect(page.getByText('Acting as Sofia Marin', { exact: true })).toBeVisible();

    await page.goto(`/scheduling/${view}?date=${MONDAY.toISODate()}`);
    await waitForIdle(page);
    const lesson = page.locator(`.fc-timegrid-col[data-date="${MONDAY.toISODate()}"] .fc-event`).filter({ hasText: '4:00' }).first();
    // The label follows the detail rule: an admin acting as a teacher sees no student names there.
    await expect(lesson).not.toContainText('Lily Chen');
    await lesson.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Lily Chen', { exact: true })).toBeVisible();
    expect((await blockingViolations(page)).join('\n')).toBe('');

    await drawer.getByRole('button', { name: 'Take attendance' }).click();
    const status = drawer.getByRole('textbox', { name: 'Attendance of Lily Chen' }).or(drawer.getByRole('combobox', { name: 'Attendance of Lily Chen' })).first();
    await status.click();
    await page.getByRole('option', { name: 'Present', exact: true }).click();
    await drawer.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByText('Attendance Saved Successfully')).toBeVisible();
    await expect(drawer.getByText('Present', { exact: true })).toBeVisible();

    await drawer.getByRole('button', { name: 'Edit' }).click();
    const note = `Bring the new Czerny book (${name} px)`;
    await drawer.getByLabel('Notes').fill(note);
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    // A lesson of the weekly series: only this one changes.
    await drawer.getByRole('group', { name: 'Which lessons' }).getByRole('button', { name: 'This lesson' }).click();
    await expect(page.getByText('Lesson Updated Successfully')).toBeVisible();

    await lesson.click();
    await expect(drawer.getByText(note)).toBeVisible();
    await expect(drawer.getByText('Lily Chen', { exact: true })).toBeVisible();
    if (takesShots) {
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      await shoot(page, `acting-for-teacher-drawer-${name}.png`);
    }
  });
}
