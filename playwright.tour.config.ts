import { defineConfig } from '@playwright/test';
import suite from './playwright.config';

/**
 * `npm run screenshots`: the tour of the main screens at 1440 and 390 px, for a person to look at
 * (test-results/screenshots/). Not a test suite: it compares nothing, and the specs check every
 * page it opens, so CI does not pay for it (docs/decisions/098-screenshots-are-a-tour-not-a-test.md).
 * The same browser, server and fixtures as the suite.
 */
export default defineConfig({
  ...suite,
  testMatch: '*.tour.ts',
  projects: suite.projects?.filter((project) => project.name === 'chromium'),
  retries: 0,
  // A page a picture, many a test, often on a machine busy with other work: no one waits on it.
  timeout: 120_000,
});
