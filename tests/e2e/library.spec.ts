/**
 * Files and the Library (issue 13): the admin uploads two files at once (a progress bar each),
 * shares one with Lily Chen; Lily signs in, finds it in her library and opens it. Axe on the page
 * and its dialogs; the library on a phone.
 */
import { tinyPdf, tinyPng } from '../../server/modules/library/index';
import { expect, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

test('the admin uploads two files at once and shares one with a student, who opens it', async ({ page, school }) => {
  test.slow();
  // In a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md): no earlier attempt's files.
  const SHEET = 'Sight reading 1.pdf';
  const PHOTO = 'Hand position 1.png';

  await signInWithApi(page, school.login('admin'), { at: '/learning/library' });
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Library files' });
  await expect(table.getByRole('row', { name: /Scales practice sheet\.pdf/ })).toContainText('PDF');
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload files' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please choose a file to upload')).toBeVisible();
  await expectNoViolations(page);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('Files').click();
  await (await chooser).setFiles([
    { name: SHEET, mimeType: 'application/pdf', buffer: tinyPdf('Sight reading') },
    { name: PHOTO, mimeType: 'image/png', buffer: tinyPng() },
  ]);
  await dialog.getByLabel('Folder').fill('Sight reading');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(SHEET) })).toContainText('Sight reading');
  await expect(table.getByRole('row', { name: new RegExp(PHOTO) })).toContainText('Image');

  // The image previews in place.
  await table.getByRole('button', { name: `Open ${PHOTO}` }).click();
  const preview = page.getByRole('dialog', { name: PHOTO });
  await expect(preview.getByRole('img', { name: PHOTO })).toBeVisible();
  await expect.poll(() => preview.getByRole('img', { name: PHOTO }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoViolations(page);
  await preview.getByRole('button', { name: 'Close' }).click();

  await table.getByRole('button', { name: `Share ${SHEET}` }).click();
  const share = page.getByRole('dialog', { name: `Share ${SHEET}` });
  await expect(share.getByText('Nobody yet.')).toBeVisible();
  const students = share.getByRole('combobox', { name: 'Students' });
  await students.click();
  await students.fill('Lily');
  await page.getByRole('option', { name: 'Lily Chen', exact: true }).click();
  await share.getByRole('heading', { name: `Share ${SHEET}` }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('File shared successfully')).toBeVisible();
  await expect(share.getByRole('button', { name: 'Stop sharing with Lily Chen' })).toBeVisible();
  await expectNoViolations(page);
  await share.getByRole('button', { name: 'Close' }).first().click();

  // Lily signs in and opens it.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('student'), { at: '/learning/library' });
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  const mine = page.getByRole('table', { name: 'Library files' });
  await expect(mine.getByRole('row', { name: new RegExp(SHEET) })).toBeVisible();
  await expect(mine.getByRole('row', { name: new RegExp(PHOTO) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload files' })).toHaveCount(0);
  await expectNoViolations(page);
  await mine.getByRole('button', { name: `Open ${SHEET}` }).click();
  const opened = page.getByRole('dialog', { name: SHEET });
  const frame = opened.locator(`iframe[title="${SHEET}"]`);
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const download = opened.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('href', /download=1/);
  await shoot(page, 'library-student-preview-1440.png');
  await opened.getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Library files' }).getByRole('button', { name: `Open ${SHEET}` })).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'library-student-390.png', { fullPage: true });
});

test('the library at 1440 for the admin', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/learning/library' });
  await expect(page.getByRole('table', { name: 'Library files' }).getByRole('row', { name: /Keyboard diagram\.png/ })).toBeVisible();
  await waitForIdle(page);
  await shoot(page, 'library-admin-1440.png', { fullPage: true });
  await page.getByRole('button', { name: 'Upload files' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload files' }).getByLabel('Folder')).toBeVisible();
  await shoot(page, 'library-upload-1440.png', { animations: 'disabled' });
});
