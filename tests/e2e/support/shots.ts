/**
 * Pictures of the states the specs reach, for a person to look at: taken only when E2E_SHOTS names
 * a folder (`E2E_SHOTS=test-results/screenshots npx playwright test SPEC`), one subfolder a spec.
 * CI's run takes none: nobody looks at a clean clone's pictures, and a full-page PNG of a long page
 * costs the two cores a good part of a second (docs/decisions/101-pictures-only-when-asked.md).
 * A picture checks nothing, so a spec's assertions never depend on one being taken.
 */
import { basename, join } from 'node:path';
import { test, type Page } from '@playwright/test';

const FOLDER = process.env.E2E_SHOTS;

/** Whether this run takes pictures: a spec that prepares a page only for its picture (a scroll) asks first. */
export const takesShots = FOLDER !== undefined && FOLDER !== '';

/** `name`: the file's name in its spec's folder, e.g. `pay-after-390.png`. */
export async function shoot(page: Page, name: string, options: Omit<NonNullable<Parameters<Page['screenshot']>[0]>, 'path'> = {}): Promise<void> {
  if (!takesShots) return;
  await page.screenshot({ ...options, path: join(FOLDER!, basename(test.info().file, '.spec.ts'), name) });
}
