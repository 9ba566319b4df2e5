/**
 * Issue 10: "toasts do not cover the drawer's close button". The admin opens a lesson's drawer
 * on yesterday's calendar, saves its attendance (a toast says so while the drawer stays open), and
 * the close button is neither under the toast nor out of reach: it takes the click. At 1440 px
 * and on a phone (390 px), with axe on the drawer and its toast.
 */
import type { Locator, Page } from '@playwright/test';
import { blockingViolations, expect, lessonYesterday, signInWithApi, test, waitForIdle } from './support/fixtures';

// Each test books its lesson yesterday (so it has started: attendance can be taken at any hour of
// the run) in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, hour: 4 },
  { name: '390', size: { width: 390, height: 844 }, hour: 5 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'a box on screen').not.toBeNull();
  return box!;
}

/** What a click at the middle of `target` would land on is `target` itself (or inside it). */
async function takesTheClick(page: Page, target: Locator): Promise<boolean> {
  const box = await boxOf(target);
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === el || el.contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle!] as const,
  );
}

for (const { name, size, hour } of WIDTHS) {
  test(`a toast does not cover the lesson drawer's close button at ${name} px`, async ({ page, school }) => {
    const minute = '00';
    const { date } = await lessonYesterday(page.request, `${String(hour).padStart(2, '0')}:${minute}`, school);
    await signInWithApi(page, school.login('admin'));
    await page.setViewportSize(size);
    await page.goto(`/scheduling/daily?date=${date}`);
    await waitForIdle(page);
    await page
      .locator(`.fc-timegrid-col[data-date="${date}"] .fc-event`)
      .filter({ hasText: 'Lily Chen' })
      .filter({ hasText: `${hour}:${minute}am - ` })
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(/\d:\d\d [AP]M – /)).toBeVisible();

    await drawer.getByRole('button', { name: 'Take attendance' }).click();
    const status = drawer.getByRole('textbox', { name: 'Attendance of Lily Chen' }).or(drawer.getByRole('combobox', { name: 'Attendance of Lily Chen' })).first();
    await status.click();
    await page.getByRole('option', { name: 'Present', exact: true }).click();
    await drawer.getByRole('button', { name: 'Save attendance' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Attendance Saved Successfully' });
    await expect(toast).toBeVisible();
    // Hovering the toast holds it (Mantine pauses its timer), so it is on screen for every check.
    await toast.hover();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

    const close = drawer.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toBeInViewport({ ratio: 1 });
    const closeBox = await boxOf(close);
    for (const box of await Promise.all((await page.locator('.mantine-Notification-root').all()).map(boxOf))) {
      expect(overlaps(closeBox, box), `a toast at ${JSON.stringify(box)} covers the close button at ${JSON.stringify(closeBox)}`).toBe(false);
    }
    // Checked with the toast still up: the hit test at the button's middle finds the button.
    await expect(toast).toBeVisible();
    expect(await takesTheClick(page, close)).toBe(true);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/drawer-toast-${name}.png` });
    expect((await blockingViolations(page)).join('\n')).toBe('');

    await close.click();
    await expect(drawer).toBeHidden();
  });
}
