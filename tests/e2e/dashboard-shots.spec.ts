/**
 * Screenshots of each role's dashboard at 1440 px and 390 px for a person to look at (not
 * compared with anything). SHOTS_DIR names the folder (default test-results/screenshots/dashboard),
 * SHOTS_TAG the file names' suffix ("before", "after").
 */
import { signInWithApi, test, waitForIdle } from './support/fixtures';

const DIR = process.env.SHOTS_DIR ?? 'test-results/screenshots/dashboard';
const TAG = process.env.SHOTS_TAG ?? 'now';
const WIDTHS = [1440, 390] as const;
const PEOPLE = ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const;

for (const who of PEOPLE) {
  test(`${who}'s dashboard at 1440 and 390 px`, async ({ page }) => {
    await signInWithApi(page, who);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto(who === 'parent' ? '/member/children' : '/dashboard');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await waitForIdle(page);
      await page.screenshot({ path: `${DIR}/${who}-${width}-${TAG}.png`, fullPage: true, caret: 'hide', animations: 'disabled' });
    }
  });
}
