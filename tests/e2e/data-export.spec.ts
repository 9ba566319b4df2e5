/**
 * The whole-school export (issue 30, decision 092): the admin asks for it on Schedule settings,
 * follows its progress and downloads the .zip, at 1440 and at 390 px. What the archive holds
 * (every table, no card data, no other school) is proven on the server
 * (server/modules/data-export/data-export.test.ts); here, that the page works end to end.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import extract from 'extract-zip';
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test } from './support/fixtures';
import { shoot } from './support/shots';


// The export is built by the server's job while the page polls: more than the default 30 s on two shared cores.
test.describe.configure({ timeout: 90_000 });

/** Downloads the ready export and answers the archive's README, read back with extract-zip. */
async function downloadReadme(page: Page, dir: string, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cadenza-export-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = join(dir, `${name}.zip`);
  await download.saveAs(path);
  await extract(path, { dir: join(dir, name) });
  return readFile(join(dir, name, 'README.md'), 'utf8');
}

test('the admin exports the school and downloads it, at 1440 and 390 px', async ({ page, school }) => {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-export-'));
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWithApi(page, school.login('admin'), { at: '/schedulings' });
    await page.getByRole('tab', { name: 'Export Data' }).click();
    await expect(page.getByRole('heading', { name: "Export your school's data" })).toBeVisible();
    await expect(page.getByText('You have not made an export yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Start export' }).click();
    // The job may finish before a progress bar is ever seen: the page's states are web/features/data-export's test.
    await expect(page.getByRole('button', { name: 'Download export' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Your export is ready: cadenza-export-/)).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'data-export-1440.png', { fullPage: true });
    const readme = await downloadReadme(page, dir, 'wide');
    expect(readme).toContain(school.schoolName);
    expect(readme).toContain('### lessons.csv');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shoot(page, 'data-export-390.png', { fullPage: true });
    expect(await downloadReadme(page, dir, 'phone')).toContain('### invoices.csv');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
