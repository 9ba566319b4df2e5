/**
 * Web push in the browser (issue 14). Headless Chromium reaches no push service, so delivery is
 * the server's test (server/modules/web-push/push-delivery.test.ts, a local push service); here:
 * the profile's switch registers the service worker (/sw.js, scope /, allowed by the CSP) and
 * explains each state: off and ready, the push service out of reach, notifications blocked. Axe
 * at 1440 and 390 px. In a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { Page } from '@playwright/test';
import { APP_URL } from './support/constants';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test } from './support/fixtures';
import { shoot } from './support/shots';

// The screenshots hide the profile's private calendar link (a live token of the run).

const LABEL = 'Push notifications on this device';
const pushSwitch = (page: Page) => page.getByRole('switch', { name: LABEL });

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Push notifications' })).toBeVisible();
  await expect(pushSwitch(page)).toBeVisible();
}

test('the switch registers the service worker and explains push on this device', async ({ page, context, school }) => {
  await signInWithApi(page, school.login('teacher'));
  await openProfile(page);
  await expect(pushSwitch(page)).not.toBeChecked();
  await expect(pushSwitch(page)).toBeEnabled();
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL, scope: registration.scope };
  });
  expect(worker).toEqual({ script: `${APP_URL}/sw.js`, scope: `${APP_URL}/` });
  await expectNoViolations(page);
  await page.getByRole('heading', { level: 2, name: 'Push notifications' }).scrollIntoViewIfNeeded();
  await shoot(page, 'push-switch-1440.png', { mask: [page.getByLabel('Calendar link')] });

  // Allowed, but the browser's push service is out of reach: it says so and stays off.
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  await pushSwitch(page).click();
  await expect(page.getByText('This browser could not reach its push service')).toBeVisible();
  await expect(pushSwitch(page)).not.toBeChecked();

  // Blocked in the browser: the switch is disabled and the page says where to allow it.
  await context.clearPermissions();
  // Playwright grants but cannot deny; Chromium's own protocol can, in this page's browser context.
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: APP_URL, browserContextId: targetInfo.browserContextId });
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  await openProfile(page);
  await expect(pushSwitch(page)).toBeDisabled();
  await expect(page.getByText('Notifications are blocked for this site in your browser.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pushSwitch(page)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await page.getByRole('heading', { level: 2, name: 'Push notifications' }).scrollIntoViewIfNeeded();
  await shoot(page, 'push-switch-390.png', { mask: [page.getByLabel('Calendar link')] });
});
