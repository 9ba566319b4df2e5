/**
 * Plans / Payments > Invoicing (issue 11): the office bills a family, sends the invoice (the email
 * carries the pay link and the PDF), finds it again, takes part of it in cash and voids another;
 * the list on a phone; axe on the list, the form and the invoice. Each test on a school of its own
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md), with billing's and scheduling's demo.
 */
import type { Page } from '@playwright/test';
import { blockingViolations, clearMailbox, expect, expectNoSidewaysScroll, signInWithApi, test, waitForIdle, waitForMail } from './support/fixtures';
import { shoot } from './support/shots';

const PAYER_EMAIL = 'rajesh.patel@riversidemusic.example';

const isoDay = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
};

async function openInvoicing(page: Page) {
  await page.goto('/studentbilling/invoiceList');
  await expect(page.getByRole('heading', { name: 'Invoicing', level: 1 })).toBeVisible();
  await waitForIdle(page);
}

test.describe.configure({ mode: 'serial' });

test('the admin bills a family with lines and lessons from the calendar, sends it, finds it, takes part in cash', async ({ page, school }) => {
  // A whole flow of several pages and dialogs: more than the 30 s a single step gets.
  test.slow();
  await clearMailbox();
  await signInWithApi(page, school.login('admin'));
  await openInvoicing(page);
  await expect(page.getByRole('group', { name: 'Money to come in' })).toContainText('Overdue');
  await expect(page.getByText('Test mode').first()).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await shoot(page, 'invoice-list.png', { fullPage: true });

  await page.getByRole('link', { name: 'New Invoice' }).click();
  await expect(page.getByRole('heading', { name: 'New Invoice', level: 1 })).toBeVisible();
  await waitForIdle(page);
  await expect(page.getByLabel('Due date')).toHaveValue(isoDay(14));

  // Nothing filled in: the messages are next to their fields.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Student is Required')).toBeVisible();
  await expect(page.getByText('Description is Required')).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');

  await page.getByRole('combobox', { name: 'Student' }).fill('Noah');
  await page.getByRole('option', { name: 'Noah Patel' }).click();
  await expect(page.getByText(/Paid by Rajesh Patel \(parent\)/)).toBeVisible();

  const line1 = page.getByRole('group', { name: 'Line 1' });
  await line1.getByLabel('Description').fill('Drum kit rental');
  await line1.getByLabel('Quantity').fill('1');
  await line1.getByLabel('Unit price').fill('25');
  await expect(line1.getByLabel('Amount')).toHaveValue('$25.00');

  const lessons = page.getByRole('group', { name: 'Add lessons from the calendar' });
  await lessons.getByLabel('From').fill(isoDay(0));
  await lessons.getByLabel('To').fill(isoDay(27));
  await lessons.getByLabel('Price per lesson').fill('30');
  await lessons.getByRole('button', { name: 'Add lessons' }).click();
  await expect(lessons.getByText(/^Added \d+ lessons?/)).toBeVisible();
  const line2 = page.getByRole('group', { name: 'Line 2' });
  await expect(line2.getByLabel('Description')).toHaveValue(/^Private Lesson – [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 5:00 PM$/);
  await expect(line2.getByLabel('Unit price')).toHaveValue('30.00');
  const lessonCount = await page.getByRole('group', { name: /^Line \d+$/ }).count() - 1;
  const total = 25 + 30 * lessonCount - 5;
  await page.getByRole('textbox', { name: 'Discount' }).fill('5');
  await expect(page.getByRole('group', { name: 'Totals' })).toContainText(`Total$${total.toFixed(2)}`);
  await shoot(page, 'new-invoice.png', { fullPage: true });

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invoice sent successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/studentbilling\/invoiceList\?invoice=/);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /^INV-\d{6}$/ })).toBeVisible();
  const number = (await drawer.getByRole('heading', { name: /^INV-\d{6}$/ }).innerText()).trim();
  await expect(drawer.getByText('Open', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Test mode')).toBeVisible();
  const payLink = await drawer.getByRole('textbox', { name: 'Pay link' }).inputValue();
  expect(payLink).toMatch(/\/invoices\/pay\/[A-Za-z0-9_-]{43}$/);
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await shoot(page, 'invoice-drawer.png');

  // The family's email: the pay link, and the invoice as a PDF.
  const email = await waitForMail(school.email(PAYER_EMAIL));
  expect(email.subject).toBe(`Invoice ${number} from Riverside Music Academy: $${total.toFixed(2)} due ${new Date(`${isoDay(14)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`);
  expect(email.text).toContain(payLink);
  expect(email.attachments).toEqual([expect.objectContaining({ filename: `${number}.pdf`, contentType: 'application/pdf' })]);
  expect(email.attachments[0]!.size).toBeGreaterThan(1000);

  // The PDF downloads from the invoice.
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
  await page.keyboard.press('Escape');

  // Found again by its number, and by its status.
  await page.getByLabel('Search invoices').fill(number);
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('button', { name: `Open ${number}` })).toBeVisible();
  await page.getByLabel('Search invoices').fill('Rajesh');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await expect(table.getByRole('button', { name: `Open ${number}` })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Part of it in cash: partly paid.
  await table.getByRole('button', { name: `Open ${number}` }).click();
  await drawer.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: `Record payment: ${number}` });
  await pay.getByLabel('Amount').fill('1000');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText(`The amount cannot be more than the balance due ($${total.toFixed(2)})`)).toBeVisible();
  await pay.getByLabel('Amount').fill('20');
  await pay.getByLabel('Reference').fill('Receipt 7');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded successfully')).toBeVisible();
  await expect(drawer.getByText('Partly paid', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Payments' })).toContainText('Cash');
  await expect(drawer.getByRole('list', { name: 'Payments' })).toContainText('Receipt 7');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Partly paid' }).click();
  await expect(table.getByRole('button', { name: `Open ${number}` })).toBeVisible();
});

test('the admin voids a draft with a reason', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  await openInvoicing(page);
  await page.getByLabel('Search invoices').fill('Chloe');
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByText('Draft')).toBeVisible();
  await table.getByRole('button', { name: /^Open INV-/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Void' }).click();
  const confirm = page.getByRole('dialog', { name: /^Void INV-\d{6}\?$/ });
  await confirm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(confirm.getByText('Reason is Required')).toBeVisible();
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await confirm.getByLabel('Reason').fill('Chloe is away this month');
  await confirm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByText('Invoice voided')).toBeVisible();
  await expect(drawer.getByText('Chloe is away this month')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(table.getByText('Void', { exact: true })).toBeVisible();
});

test('on a phone the list is cards, without sideways scroll', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  await page.setViewportSize({ width: 390, height: 844 });
  await openInvoicing(page);
  // The table's rows are cards there (docs/decisions/089-lists-as-cards-on-phones.md), each no wider than the screen.
  const table = page.getByRole('table', { name: 'Invoices' });
  const cards = table.locator(':scope > tbody > tr');
  await expect(cards).toHaveCount(10);
  expect((await cards.first().boundingBox())!.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
  await shoot(page, 'invoice-list-phone.png', { fullPage: true });
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(cards.first()).toBeVisible();
  await table.getByRole('button', { name: /^Open INV-/ }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /^INV-\d{6}$/ })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  // The drawer fills the phone's width and no further.
  // (once it has slid in)
  await expect.poll(async () => {
    const box = (await drawer.boundingBox())!;
    return box.x >= 0 && box.x + box.width <= 390;
  }).toBe(true);
  expect(await drawer.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await shoot(page, 'invoice-drawer-phone.png');
  await expectNoSidewaysScroll(page);
});
