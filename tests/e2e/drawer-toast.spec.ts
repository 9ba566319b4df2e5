/**
 * Toasts out of the way (issue 10, issue 29, docs/decisions/090-every-route-a-real-page-and-toasts-out-of-the-way.md).
 * The admin opens a lesson's drawer on yesterday's calendar and saves its attendance (a toast says
 * so while the drawer stays open), then cancels another lesson with a make-up credit ("Lesson
 * Banked Successfully" while the drawer shows the credit). No toast covers a button of the drawer
 * or the credit, and each button takes the click with the toast up. Toasts sit at the bottom edge
 * on a phone (390 px) and in the sidebar's column at 1440 px. Axe on the drawer and its toast.
 */
import type { Locator, Page } from '@playwright/test';
import { blockingViolations, expect, lessonYesterday, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

// Each test books its lessons yesterday (so they have started: attendance can be taken at any hour
// of the run) in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, hour: 4, phone: false },
  { name: '390', size: { width: 390, height: 844 }, hour: 5, phone: true },
] as const;

/** The sidebar's width at 1440 px (web/app/layout/layoutSizes.ts): toasts stay inside its column. */
const SIDEBAR_WIDTH = 260;

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

/** The toast saying `text`, held on screen (hovering pauses Mantine's timer) with its animation done. */
async function heldToast(page: Page, text: string): Promise<Locator> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return toast;
}

/**
 * Every toast on screen sits where decision 090 puts it and covers none of `targets` (what the
 * person reads or presses next); each button among them takes the click.
 */
async function expectOutOfTheWay(page: Page, phone: boolean, targets: Locator[]) {
  const viewport = page.viewportSize()!;
  const toasts = await Promise.all((await page.locator('.mantine-Notification-root').all()).map(boxOf));
  expect(toasts.length).toBeGreaterThan(0);
  if (phone) {
    expect(Math.max(...toasts.map((t) => t.y + t.height)), 'the lowest toast at the bottom edge').toBeGreaterThan(viewport.height - 40);
  } else {
    for (const t of toasts) expect(t.x + t.width, `a toast at ${JSON.stringify(t)} inside the sidebar's column`).toBeLessThanOrEqual(SIDEBAR_WIDTH);
  }
  for (const target of targets) {
    await expect(target).toBeInViewport({ ratio: 1 });
    const box = await boxOf(target);
    for (const t of toasts) expect(overlaps(box, t), `a toast at ${JSON.stringify(t)} covers ${String(target)} at ${JSON.stringify(box)}`).toBe(false);
    if ((await target.evaluate((el) => el.tagName)) === 'BUTTON') expect(await takesTheClick(page, target), String(target)).toBe(true);
  }
}

async function openLesson(page: Page, date: string, hour: number) {
  await page
    .locator(`.fc-timegrid-col[data-date="${date}"] .fc-event`)
    .filter({ hasText: 'Lily Chen' })
    .filter({ hasText: `${hour}:00am - ` })
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(/\d:\d\d [AP]M – /)).toBeVisible();
  return drawer;
}

for (const { name, size, hour, phone } of WIDTHS) {
  test(`toasts cover neither the lesson drawer's buttons nor a banked credit at ${name} px`, async ({ page, school }) => {
    const { date } = await lessonYesterday(page.request, `${String(hour).padStart(2, '0')}:00`, school);
    await lessonYesterday(page.request, `${String(hour + 2).padStart(2, '0')}:00`, school);
    await page.setViewportSize(size);
    await signInWithApi(page, school.login('admin'), { at: `/scheduling/daily?date=${date}` });
    await waitForIdle(page);

    const drawer = await openLesson(page, date, hour);
    await drawer.getByRole('button', { name: 'Take attendance' }).click();
    const status = drawer.getByRole('textbox', { name: 'Attendance of Lily Chen' }).or(drawer.getByRole('combobox', { name: 'Attendance of Lily Chen' })).first();
    await status.click();
    await page.getByRole('option', { name: 'Present', exact: true }).click();
    await drawer.getByRole('button', { name: 'Save attendance' }).click();
    const toast = await heldToast(page, 'Attendance Saved Successfully');

    // The close button and every action of the drawer, with the toast still up.
    const close = drawer.getByRole('button', { name: 'Close', exact: true });
    await expect(drawer.getByRole('button', { name: 'Cancel lesson' })).toBeVisible();
    await expectOutOfTheWay(page, phone, [close, ...(await drawer.getByRole('button').all())]);
    await expect(toast).toBeVisible();
    await shoot(page, `drawer-toast-${name}.png`);
    expect((await blockingViolations(page)).join('\n')).toBe('');
    await close.click();
    await expect(drawer).toBeHidden();

    // Banking the other lesson: the credit it made and the Done button stay in sight.
    const banking = await openLesson(page, date, hour + 2);
    await banking.getByRole('button', { name: 'Cancel lesson' }).click();
    await banking.getByLabel('Reason').fill('The teacher is ill');
    await banking.getByLabel('Bank this lesson').check();
    await banking.getByLabel('Grant a credit even outside the rules').check();
    await banking.getByRole('button', { name: 'Cancel lesson' }).click();
    await heldToast(page, 'Lesson Banked Successfully');
    const credit = banking.getByText(/^Lily Chen: credit until /);
    const done = banking.getByRole('button', { name: 'Done' });
    await expectOutOfTheWay(page, phone, [credit, done]);
    await shoot(page, `drawer-toast-banked-${name}.png`);
    await done.click();
    await expect(banking).toBeHidden();
  });
}
