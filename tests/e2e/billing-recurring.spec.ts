/**
 * Recurring invoices (issue 11): the admin bills Mia Johnson every week from today; the
 * `issue-recurring-invoices` job (run through the e2e server's test-only hook) issues the first
 * invoice, which is emailed to her and shows in Invoicing. Axe on the page and its form. Each test
 * on a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md), with billing's demo.
 */
import type { Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { clearMailbox, expect, expectNoViolations, runJob, signInWithApi, test, waitForMail } from './support/fixtures';

const ZONE = 'America/New_York';
const MIA_EMAIL = 'mia.johnson@riversidemusic.example';
const DESCRIPTION = 'Piano tuition, weekly (e2e)';

const field = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true })).first();
const readable = (date: DateTime) => date.toFormat('LLL d, yyyy');

test('the admin makes a weekly recurring invoice; the job issues its first invoice, emailed and in Invoicing', async ({ page, school }) => {
  const today = DateTime.now().setZone(ZONE).startOf('day');
  await clearMailbox();
  await signInWithApi(page, school.login('admin'), { at: '/studentbilling/recuringInvoice' });
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring Invoice' })).toBeVisible();
  // The demo's monthly tuition.
  const chloe = page.getByRole('row', { name: /Chloe Nguyen/ });
  await expect(chloe).toContainText('Monthly on day 1');
  await expect(chloe).toContainText('$175.00');
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'New recurring invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recurring invoice' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Student is Required')).toBeVisible();
  await expect(dialog.getByText('Description is Required')).toBeVisible();
  await expectNoViolations(page);

  const student = field(dialog, 'Student');
  await student.click();
  await student.fill('Mia');
  await page.getByRole('option', { name: 'Mia Johnson', exact: true }).click();
  await dialog.getByLabel('Description').fill(DESCRIPTION);
  await dialog.getByLabel('Quantity').fill('1');
  await dialog.getByLabel('Unit price').fill('95');
  await field(dialog, 'Repeat').click();
  await page.getByRole('option', { name: 'Every N weeks', exact: true }).click();
  await dialog.getByLabel('Every (weeks)').fill('1');
  await dialog.getByLabel('Starts on').fill(today.toISODate()!);
  await expect(dialog.getByText(/^Every week; first invoice/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recurring invoice saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const mia = page.getByRole('row', { name: /Mia Johnson/ });
  await expect(mia).toContainText('Every week');
  await expect(mia).toContainText('$95.00');
  await expect(mia).toContainText(readable(today));

  await runJob('issue-recurring-invoices');
  await page.reload();
  await expect(page.getByRole('row', { name: /Mia Johnson/ })).toContainText(readable(today.plus({ weeks: 1 })));
  const email = await waitForMail(school.email(MIA_EMAIL));
  expect(email.subject).toMatch(/^Invoice INV-\d{6} from Riverside Music Academy: \$95\.00 due /);

  await page.goto('/studentbilling/invoiceList');
  const number = /Invoice (INV-\d{6})/.exec(email.subject)![1]!;
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Mia Johnson');
  await expect(row).toContainText('$95.00');
  // Run again: the period is billed, nothing more is issued.
  await runJob('issue-recurring-invoices');
  await page.reload();
  await expect(page.getByRole('row', { name: /Mia Johnson/ })).toHaveCount(1);
});

test('the admin pauses and resumes a recurring invoice, and reads the billing settings', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'), { at: '/studentbilling/recuringInvoice' });
  const chloe = page.getByRole('row', { name: /Chloe Nguyen/ });
  await chloe.getByRole('button', { name: 'Pause the recurring invoice of Chloe Nguyen' }).click();
  await expect(page.getByText('Recurring invoice paused')).toBeVisible();
  await expect(chloe).toContainText('Paused');
  await chloe.getByRole('button', { name: 'Resume the recurring invoice of Chloe Nguyen' }).click();
  await expect(page.getByText('Recurring invoice resumed')).toBeVisible();
  await expect(chloe.getByText('Active')).toBeVisible();

  await page.getByRole('button', { name: 'Billing settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Billing settings' });
  await expect(settings.getByLabel('Late fee', { exact: true })).toHaveValue('10.00');
  await expect(settings.getByLabel('Late fee after (days)')).toHaveValue('7');
  await expectNoViolations(page);
  await settings.getByLabel('Late fee after (days)').fill('0');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Please enter a number of days from 1 to 365')).toBeVisible();
  await settings.getByLabel('Late fee after (days)').fill('10');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing settings saved')).toBeVisible();
  await expect(settings).toBeHidden();
});
