import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { APP_URL } from './tests/e2e/support/constants';

const CI = Boolean(process.env.CI);

/**
 * Debian's old headless shell when it is installed (`apt-get install chromium-headless-shell`):
 * the same Blink and V8 without the full browser's windowing and compositor work, a fifth less
 * time over the same specs (decision 086). Otherwise the full browser; E2E_CHROMIUM names another.
 */
const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
/**
 * The specs that need the full browser: the headless shell answers Notification.permission
 * "denied" before anyone was asked, so the push switch's first state (off, ready to ask) cannot
 * show there.
 */
const FULL_BROWSER_SPECS = /web-push\.spec\.ts$/;

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The tests reach no other host (a lesson's video embed): such a request fails at once,
  // instead of hanging on a name this machine cannot resolve. The app (127.0.0.1) and localhost ("another site" of the widget specs) stay.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  // Cross-site frames (a lesson's player, answered by a local page: fixtures.ts) stay in the
  // page's process, as when decision 042 measured it; waitForIdle no longer reads network
  // idle (decision 066), so this is no longer what keeps it from stalling.
  '--disable-site-isolation-trials',
];

/**
 * End-to-end tests in Debian's Chromium against the real app (tests/e2e/support/serve.ts starts
 * it with a fresh database, the demo data and an in-process SMTP capture). `npm run test:e2e`
 * builds the web client first; the app serves it from dist/web.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  // Every spec runs on schools of its own (decision 064), so files may run in parallel. On PGlite
  // (the app and its database in one process) two browsers were slower on two cores than one
  // (decision 066), so one worker unless E2E_WORKERS asks for more; on PostgreSQL two are faster,
  // and `.ci/run` asks for two (decision 102). The tests of a file in order, as they share the
  // school a file makes in beforeAll.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  // Before the server stops: no test card number or code in its database or its log (decision 030).
  globalTeardown: './tests/e2e/support/no-card-numbers.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: APP_URL,
    headless: true,
    // Wider than the 1280 px at which the sidebar starts collapsed (docs/domains/roles-and-navigation.md "Screens and routes").
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS, use: { launchOptions: { executablePath: CHROMIUM, args: LAUNCH_ARGS } } },
    { name: 'full chromium', testMatch: FULL_BROWSER_SPECS, use: { launchOptions: { executablePath: process.env.E2E_CHROMIUM ?? FULL_CHROMIUM, args: LAUNCH_ARGS } } },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/support/serve.ts',
    url: `${APP_URL}/api/health`,
    reuseExistingServer: false,
    // Migrating and seeding the demo took over two minutes on two cores shared with other builds (decision 066).
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Lets serve.ts close the database and delete its temporary data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
