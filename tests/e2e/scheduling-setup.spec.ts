/**
 * The scheduling setup hub, the attendance report and the calendar link (issue 4): an admin adds
 * a room and a holiday and changes the make-up rules; the report filters and exports CSV; a
 * student copies their private calendar link and resets it.
 */
import { readFile } from 'node:fs/promises';
import { blockingViolations, expect, followMenuLink, signInWithApi, test, waitForIdle } from './support/fixtures';
import { APP_URL } from './support/constants';
import { parseCsv } from '../../server/lib/csv.js';
import { shoot } from './support/shots';


/** A day far past the demo term, so the closure cancels no lesson other specs look at. */
function dayAhead(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

// Long stories on two shared cores: more than the default 30 s each.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('an admin adds a room and a holiday and changes the make-up rules', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/schedulings' });
  await expect(page).toHaveTitle('Schedule settings | Cadenza');
  await expect(page.getByRole('heading', { name: 'Schedule settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rooms' })).toHaveAttribute('aria-selected', 'true');
  await waitForIdle(page);
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add Room' }).click();
  const room = page.getByRole('dialog', { name: 'Add Room' });
  await room.getByRole('button', { name: 'Add Room' }).click();
  await expect(room.getByText('Room Name is Required')).toBeVisible();
  // Each test on a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md): no earlier attempt's room.
  const roomName = 'Percussion Studio';
  await room.getByLabel('Room Name').fill(roomName);
  await room.getByLabel('Capacity').fill('6');
  await room.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByText('Room Added Successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: roomName })).toContainText('6');

  // The tabs answer the arrow keys.
  await page.getByRole('tab', { name: 'Rooms' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Holidays' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: /Staff Training Day/ })).toBeVisible();

  const holidayName = 'Spring Recital Week';
  const first = dayAhead(200);
  const last = dayAhead(203);
  await page.getByRole('button', { name: 'Add Holiday' }).click();
  const holiday = page.getByRole('dialog', { name: 'Add Holiday' });
  await holiday.getByLabel('Name').fill(holidayName);
  await holiday.getByLabel('First day').fill(last);
  await holiday.getByLabel('Last day').fill(first);
  await holiday.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(holiday.getByText('The last day must be on or after the first')).toBeVisible();
  await holiday.getByLabel('First day').fill(first);
  await holiday.getByLabel('Last day').fill(last);
  await holiday.getByLabel('Bank the cancelled lessons').check();
  await shoot(page, 'holiday-form.png');
  await holiday.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(page.getByText('Holiday Added Successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(holidayName) });
  await expect(row).toContainText('Banked');
  const remove = page.getByRole('dialog', { name: 'Remove holiday' });
  await row.getByRole('button', { name: `Delete ${holidayName}` }).click();
  await expect(remove).toContainText('The school is open again on those days');
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  // Then removed for good: nothing of this test's is left for the specs that follow.
  await row.getByRole('button', { name: `Delete ${holidayName}` }).click();
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: 'Make-up Rules' }).click();
  await expect(page).toHaveURL(`${APP_URL}/schedulings?tab=rules`);
  const held = page.getByLabel('Credits a student may hold');
  const before = await held.inputValue();
  await held.fill('-1');
  await page.getByRole('button', { name: 'Save Make-up Rules' }).click();
  await expect(page.getByText('Credits held cannot be negative')).toBeVisible();
  await held.fill('5');
  await page.getByLabel('Notice window (hours)').fill('48');
  await page.getByRole('button', { name: 'Save Make-up Rules' }).click();
  await expect(page.getByText('Scheduling Settings Saved Successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Credits a student may hold')).toHaveValue('5');
  await expect(page.getByLabel('Notice window (hours)')).toHaveValue('48');
  await shoot(page, 'makeup-rules.png', { fullPage: true });

  // Put the rules back for the specs that follow.
  await page.getByLabel('Credits a student may hold').fill(before);
  await page.getByLabel('Notice window (hours)').fill('24');
  await page.getByRole('button', { name: 'Save Make-up Rules' }).click();
  await expect(page.getByText('Scheduling Settings Saved Successfully').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Make-up Credits' }).click();
  await waitForIdle(page);
  await expect(page.getByRole('table', { name: 'Make-up Credits' }).or(page.getByText('No make-up credits available'))).toBeVisible();
});

test('the attendance report filters by status and exports the same rows as CSV', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  await followMenuLink(page, 'Attendance', 'Reports & Info');
  await expect(page).toHaveURL(`${APP_URL}/reporting/attendance`);
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Attendance' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'By month' })).toBeVisible();
  await waitForIdle(page);
  await shoot(page, 'attendance-report.png', { fullPage: true });
  expect(await blockingViolations(page)).toEqual([]);

  const totals = page.getByRole('region', { name: 'Totals' });
  const late = Number(await totals.getByLabel('Late').textContent());
  expect(late).toBeGreaterThan(0);

  await page.getByRole('textbox', { name: 'Status' }).or(page.getByRole('combobox', { name: 'Status' })).first().click();
  await page.getByRole('option', { name: 'Late', exact: true }).click();
  await expect(totals.getByLabel('Present')).toHaveText('0');
  await expect(totals.getByLabel('Late')).toHaveText(String(late));
  const statuses = await table.locator('tbody tr td:last-child').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Late']));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const [header, ...rows] = parseCsv(csv.trim());
  expect(header).toEqual(['Date', 'Time', 'Student', 'Teacher', 'Lesson Type', 'Status', 'Notes']);
  expect(rows).toHaveLength(late);
  expect(new Set(rows.map((row) => row[header!.indexOf('Status')]))).toEqual(new Set(['Late']));

  await page.getByRole('textbox', { name: 'From' }).fill('2026-01-10');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-01');
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});

test('a student copies their private calendar link and resets it', async ({ page, context, school }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  await signInWithApi(page, school.login('student'), { at: '/profile' });
  await expect(page.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
  await expect(page.getByText('Copy your private calendar link into Google Calendar or Apple Calendar')).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\.ics$/);
  const oldUrl = await link.inputValue();
  expect((await page.request.get(oldUrl)).status()).toBe(200);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  const reminders = page.getByLabel('Email me before each lesson');
  await expect(reminders).toBeVisible();
  await waitForIdle(page);
  await shoot(page, 'profile-calendar.png', { fullPage: true });
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset calendar link' });
  await expect(dialog).toContainText('The old link stops working');
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(page.getByText('Calendar link reset successfully. The old link no longer works.')).toBeVisible();
  await expect(link).not.toHaveValue(oldUrl);
  await expect(link).toHaveValue(/\.ics$/);
  expect((await page.request.get(oldUrl)).status()).toBe(404);
  expect((await page.request.get(await link.inputValue())).status()).toBe(200);
});

test('a parent sees each child’s next lessons and switches their reminder emails', async ({ page, school }) => {
  await signInWithApi(page, school.login('parent'));
  const lily = page.getByRole('article', { name: 'Lily Chen' });
  await expect(lily.getByText('Next lesson')).toBeVisible();
  await expect(lily.getByText('Upcoming lessons')).toBeVisible();
  const reminders = lily.getByRole('switch', { name: 'Email reminders for Lily Chen' });
  await expect(reminders).toBeChecked();
  await waitForIdle(page);
  await shoot(page, 'children-lessons.png', { fullPage: true });
  expect(await blockingViolations(page)).toEqual([]);
  await reminders.uncheck({ force: true });
  await expect(page.getByText('Notification setting saved successfully')).toBeVisible();
  await page.reload();
  // The page is up before the children's settings are: a click before they arrive is undone by them.
  await waitForIdle(page);
  await expect(page.getByRole('switch', { name: 'Email reminders for Lily Chen' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Email reminders for Lily Chen' }).check({ force: true });
  await expect(page.getByRole('switch', { name: 'Email reminders for Lily Chen' })).toBeChecked();
});
