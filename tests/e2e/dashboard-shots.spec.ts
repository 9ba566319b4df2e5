/**
 * Screenshots of each role's dashboard at 1440 px and 390 px for a person to look at (not
 * compared with anything). SHOTS_DIR names the folder (default test-results/screenshots/dashboard),
 * SHOTS_TAG the file names' suffix ("before", "after").
 */
import { DateTime } from 'luxon';
import { DEMO_PASSWORD, expect, signInWithApi, test, waitForIdle } from './support/fixtures';

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

// The demo has no lesson of the teacher's today: one booked at midnight shows the agenda filled.
test("teacher's agenda with a lesson to take attendance, at 1440 and 390 px", async ({ page }) => {
  const login = async (username: string) =>
    ((await (await page.request.post('/api/auth/local/login', { data: { username, password: DEMO_PASSWORD } })).json()) as { data: { token: string; user: { _id: string } } }).data;
  const [admin, teacher, student] = [await login('admin'), await login('teacher'), await login('student')];
  const headers = { Authorization: `Bearer ${admin.token}` };
  const types = (await (await page.request.post('/api/scheduling/lessonType/list', { headers, data: {} })).json()) as { data: { results: { _id: string; kind: string }[] } };
  const res = await page.request.post('/api/scheduling/addLesson', {
    headers,
    data: {
      teacherId: teacher.user._id, lessonTypeId: types.data.results.find((t) => t.kind === 'private')!._id, studentIds: [student.user._id],
      date: DateTime.now().setZone('America/New_York').toISODate(), startTime: '00:00', durationMinutes: 30, repeat: 'none', allowRoomConflict: true,
    },
  });
  expect(res.status()).toBe(200);
  await signInWithApi(page, 'teacher');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Take attendance/ }).first().waitFor();
    await waitForIdle(page);
    await page.screenshot({ path: `${DIR}/teacher-agenda-${width}-${TAG}.png`, fullPage: true, caret: 'hide', animations: 'disabled' });
  }
  await page.getByRole('button', { name: /^Take attendance/ }).first().click();
  await page.getByRole('form', { name: 'Take attendance' }).waitFor();
  await waitForIdle(page);
  await page.screenshot({ path: `${DIR}/teacher-attendance-drawer-390-${TAG}.png`, caret: 'hide', animations: 'disabled' });
});
