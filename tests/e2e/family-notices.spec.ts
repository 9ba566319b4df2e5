/**
 * Issue 10, "Families are told": the admin cancels Lily Chen's lesson in the calendar, and Lily
 * and her mother Grace each get one email saying so, with the reason and the time on the
 * school's clock (the SMTP capture of support/serve.ts); Lily then sees the reason on her
 * calendar. At 1440 px and on a phone (390 px).
 */
import { DateTime } from 'luxon';
import { blockingViolations, expect, mailTo, runJob, SCHOOL_ZONE, signInWithApi, test, waitForIdle, waitForMail } from './support/fixtures';

// The demo family's addresses (server/db/seed-demo.ts), in the test's own school (school.email).
const LILY = 'lily.chen@riversidemusic.example';
const GRACE = 'grace.chen@riversidemusic.example';
// The demo term, in the test's own school (docs/decisions/064-each-browser-spec-on-its-own-school.md):
// Lily's weekly lesson with Sofia, Mondays at 4:00 PM. The demo cancels her first lesson a week or
// more ahead (server/modules/scheduling/demo/demo-term.ts), so each width cancels a Monday three or
// four weeks ahead.
const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, weeks: 3 },
  { name: '390', size: { width: 390, height: 844 }, weeks: 4 },
] as const;

test.describe.configure({ timeout: 60_000 });

for (const { name, size, weeks } of WIDTHS) {
  test(`the admin cancels a lesson, the family is emailed once each and sees the reason, at ${name} px`, async ({ page, school }) => {
    const monday = DateTime.now().setZone(SCHOOL_ZONE).plus({ weeks }).startOf('week');
    const day = monday.toISODate()!;
    const reason = `Studio flooded (${name} px)`;
    await page.setViewportSize(size);
    // The day view on both widths: on a phone it stays a time grid.
    await signInWithApi(page, school.login('admin'), { at: `/scheduling/daily?date=${day}` });
    await waitForIdle(page);
    await page.locator(`.fc-timegrid-col[data-date="${day}"] .fc-event`).filter({ hasText: 'Lily Chen' }).filter({ hasText: '4:00pm - ' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(/\d:\d\d [AP]M – /)).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
    await drawer.getByLabel('Reason').fill(reason);
    // A lesson of a series asks which ones; this one only.
    const thisLesson = drawer.getByRole('radio', { name: 'This lesson' });
    if (await thisLesson.count()) await thisLesson.check();
    await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
    await expect(page.getByText('Lesson Cancelled Successfully')).toBeVisible();

    const when = monday.set({ hour: 16 }).toFormat('ccc d LLL, h:mm a');
    for (const person of [school.email(LILY), school.email(GRACE)]) {
      const mail = await waitForMail(person);
      expect(mail.subject).toBe(`Lesson cancelled: Private Lesson on ${when}`);
      expect(mail.text).toContain(`Reason: ${reason}`);
      expect(mail.text).toContain(`${monday.toFormat('cccc d LLLL yyyy')} at 4:00 PM`);
      expect(mail.text).toContain(`${SCHOOL_ZONE} time`);
    }
    // Once the outbox is empty (the job runs to idle), one email a person: not one per lesson or per list.
    await runJob('deliver-emails');
    expect(await mailTo(school.email(LILY))).toHaveLength(1);
    expect(await mailTo(school.email(GRACE))).toHaveLength(1);

    // Lily's calendar says why (a phone's week is a list of cards).
    await page.context().clearCookies();
    await page.setViewportSize(size);
    await signInWithApi(page, school.login('student'), { at: `/scheduling/weekly?date=${day}` });
    await waitForIdle(page);
    const lesson = size.width > 768
      ? page.locator(`.fc-timegrid-col[data-date="${day}"] .fc-event`).filter({ hasText: '4:00pm - ' })
      : page.getByTestId('lesson-list').getByRole('region', { name: monday.toFormat('cccc, LLL d') }).getByRole('button', { name: /4:00 PM/ });
    await expect(lesson).toContainText('Cancelled');
    await expect(lesson).toContainText(reason);
    expect((await blockingViolations(page)).join('\n')).toBe('');
  });
}
