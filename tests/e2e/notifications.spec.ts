/**
 * Issue 14, notifications: the admin cancels Lily Chen's lesson, and Lily (a student) sees the
 * bell's count rise without a reload (the socket's event), the notification in the bell's
 * dropdown, on /notification and in her communication log; "Mark all as read" clears the badge.
 * At 1440 and 390 px; axe on every page and on the open dropdown.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { demoLesson, expect, expectNoViolations, SCHOOL_ZONE, signInWithApi, test, waitForIdle, type School } from './support/fixtures';
import { shoot } from './support/shots';

// Each width cancels a lesson of its own day, in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, days: 40 },
  { name: '390', size: { width: 390, height: 844 }, days: 41 },
] as const;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** A lesson of Lily's on that day at 7:15, cancelled by the admin; answers the notification's title. */
async function cancelledLesson(request: APIRequestContext, day: DateTime, reason: string, school: School): Promise<string> {
  const { lessonId, adminToken } = await demoLesson(request, day.toISODate()!, '07:15', school);
  const res = await request.post('/api/scheduling/cancelLesson', { headers: { Authorization: `Bearer ${adminToken}` }, data: { id: lessonId, cancelReason: reason } });
  expect(res.status(), await res.text()).toBe(200);
  return `Lesson cancelled: Private Lesson on ${day.set({ hour: 7, minute: 15 }).toFormat('ccc d LLL, h:mm a')}`;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const unreadCount = async (page: Page) => Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

for (const { name, size, days } of WIDTHS) {
  test(`the admin cancels a lesson: the student's bell, dropdown, page and log show it; mark all read clears the badge, at ${name} px`, async ({ page, request, school }) => {
    const day = DateTime.now().setZone(SCHOOL_ZONE).plus({ days }).startOf('day');
    await page.setViewportSize(size);
    await signInWithApi(page, school.login('student'), { at: '/dashboard' });
    await waitForIdle(page);
    await expect(bell(page)).toBeVisible();
    const before = await unreadCount(page);

    // Made while she looks: the bell counts it without a reload (the poll is a minute; this is the socket).
    const title = await cancelledLesson(request, day, `Teacher away (${name} px)`, school);
    await expect(page.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible({ timeout: 15_000 });

    await bell(page).click();
    const entry = page.getByRole('menuitem', { name: new RegExp(`^Unread: ${title}`) });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('has been cancelled');
    await expectNoViolations(page);
    await shoot(page, `bell-${name}.png`, { caret: 'hide', animations: 'disabled' });
    await page.getByRole('menuitem', { name: 'View all' }).click();

    await expect(page).toHaveURL(/\/notification$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: /^Notifications on/ })).toBeChecked();
    await expectNoViolations(page);
    await waitForIdle(page);
    await shoot(page, `notifications-${name}.png`, { fullPage: true, caret: 'hide', animations: 'disabled' });

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All notifications marked as read')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(row.getByText('New', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // Her communication log has it as a notification, beside the email of the same change.
    await page.goto('/reporting/communication-log');
    const log = page.getByRole('table', { name: 'Communication log' });
    await expect(log.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Notification' })).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Email' })).toBeVisible();
    await expectNoViolations(page);
  });
}
