/**
 * Issue 10, "Families are told": the admin cancels Lily Chen's lesson in the calendar, and Lily
 * and her mother Grace each get one email saying so, with the reason and the time on the
 * school's clock (the SMTP capture of support/serve.ts).
 */
import { DateTime } from 'luxon';
import { clearMailbox, expect, mailTo, signInWithApi, test, waitForIdle, waitForMail } from './support/fixtures';

const ZONE = 'America/New_York';
// The demo family's addresses (server/db/seed-demo.ts).
const LILY = 'lily.chen@riversidemusic.example';
const GRACE = 'grace.chen@riversidemusic.example';
// The demo term: Lily's weekly lesson with Sofia, Mondays at 4:00 PM. Next week's is ahead of us.
const MONDAY = DateTime.now().setZone(ZONE).plus({ weeks: 1 }).startOf('week');

test.describe.configure({ timeout: 60_000 });

test('the admin cancels a lesson and the family is emailed once each', async ({ page }) => {
  await clearMailbox();
  await signInWithApi(page, 'admin');
  await page.goto(`/scheduling/weekly?date=${MONDAY.toISODate()}`);
  await waitForIdle(page);
  const lesson = page.locator(`.fc-timegrid-col[data-date="${MONDAY.toISODate()}"] .fc-event`).filter({ hasText: 'Lily Chen' }).filter({ hasText: '4:00' }).first();
  await lesson.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(/\d:\d\d [AP]M – /)).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
  await drawer.getByLabel('Reason').fill('Studio flooded');
  const thisLesson = drawer.getByRole('radio', { name: 'This lesson' });
  if (await thisLesson.count()) await thisLesson.check();
  await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
  await expect(page.getByText('Lesson Cancelled Successfully')).toBeVisible();

  const when = MONDAY.set({ hour: 16 }).toFormat('ccc d LLL, h:mm a');
  for (const person of [LILY, GRACE]) {
    const mail = await waitForMail(person);
    expect(mail.subject).toBe(`Lesson cancelled: Private Lesson on ${when}`);
    expect(mail.text).toContain('Reason: Studio flooded');
    expect(mail.text).toContain(`${MONDAY.toFormat('cccc d LLLL yyyy')} at 4:00 PM`);
    expect(mail.text).toContain(`${ZONE} time`);
  }
  // One email a person for the change, not one per lesson or per recipient list.
  await page.waitForTimeout(1000);
  expect(await mailTo(LILY)).toHaveLength(1);
  expect(await mailTo(GRACE)).toHaveLength(1);
});
