/**
 * A teacher publishes their own make-up slots (issue 10, decision 028): teachers have no set-up
 * page, so the calendar's "Make-up slots" button opens the slots form for themself, on a desktop
 * and on a phone. Each test in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import { blockingViolations, expect, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';


/** A day ahead, as the date input writes it. */
function dayAhead(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });

for (const [width, height, time, days] of [[1440, 900, '06:00', 19], [390, 844, '06:30', 20]] as const) {
  test(`the demo teacher publishes a make-up slot from the calendar at ${width} px`, async ({ page, school }) => {
    await page.setViewportSize({ width, height });
    await signInWithApi(page, school.login('teacher'), { at: '/scheduling/weekly' });
    await expect(page.getByRole('link', { name: 'Schedule settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Make-up slots' }).click();
    const dialog = page.getByRole('dialog', { name: 'My make-up slots' });
    const form = dialog.getByRole('form', { name: 'Publish a make-up slot' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Teacher')).toHaveCount(0);
    await form.getByLabel('Date').fill(dayAhead(days));
    await form.getByLabel('Start time').fill(time);
    await form.getByRole('button', { name: 'Publish slot' }).click();
    await expect(page.getByText('Make-up Slot Added Successfully')).toBeVisible();
    const table = dialog.getByRole('table', { name: 'Make-up slots' });
    await expect(table.getByRole('row').filter({ hasText: 'Sofia Marin' }).filter({ hasText: '0 of 1 booked' }).first()).toBeVisible();
    await expect(table.getByRole('button', { name: /^Remove the make-up slot on / }).first()).toBeVisible();
    await waitForIdle(page);
    expect(await blockingViolations(page)).toEqual([]);
    await shoot(page, `teacher-slots-${width}.png`, { fullPage: false });
  });
}
