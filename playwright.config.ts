import { defineConfig } from '@playwright/test';
import { APP_URL } from './tests/e2e/support/constants';

const CI = Boolean(process.env.CI);

/**
 * End-to-end tests in Debian's Chromium against the real app (tests/e2e/support/serve.ts starts
 * it with a fresh database, the demo data and an in-process SMTP capture). `npm run test:e2e`
 * builds the web client first; the app serves it from dist/web.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  // Two cores: one browser at a time, files in name order, tests of a file in order.
  workers: 1,
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
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The tests reach no other host (a lesson's video embed): such a request fails at once,
        // instead of waiting on a name this machine cannot resolve while a test waits for the
        // network to rest. The app (127.0.0.1) and localhost ("another site" of the widget specs) stay.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
        // Cross-site frames (a lesson's player, answered by a local page: fixtures.ts) stay in the
        // page's process: Playwright's network-idle tracking of an out-of-process frame stalled
        // now and then, and waitForIdle with it (decision 042).
        '--disable-site-isolation-trials',
      ],
    },
  },
  webServer: {
    command: 'npx tsx tests/e2e/support/serve.ts',
    url: `${APP_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Lets serve.ts close the database and delete its temporary data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
