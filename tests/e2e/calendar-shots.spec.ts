/**
 * Screenshots of the calendar for the closing note: the admin's and the teacher's week at
 * 1440 px and on a phone (390 px). Taken only when CALENDAR_SHOTS names a folder (and a prefix
 * with CALENDAR_SHOTS_TAG, "before" or "after").
 */
import { DateTime } from 'luxon';
import { signInWithApi, test, waitForIdle } from './support/fixtures';

const DIR = process.env.CALENDAR_SHOTS;
const TAG = process.env.CALENDAR_SHOTS_TAG ?? 'after';
const week = DateTime.now().setZone('America/New_York').toISODate()!;

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.skip(!DIR, 'CALENDAR_SHOTS names the folder for the screenshots');

for (const [who, width, height] of [['admin', 1440, 900], ['admin', 390, 844], ['teacher', 390, 844], ['student', 390, 844]] as const) {
  test(`the ${who}'s week at ${width} px`, async ({ page }) => {
    await signInWithApi(page, who);
    await page.setViewportSize({ width, height });
    await page.goto(`/scheduling/weekly?date=${week}`);
    await waitForIdle(page);
    await page.screenshot({ path: `${DIR}/${TAG}-${who}-week-${width}.png`, fullPage: true });
  });
}
