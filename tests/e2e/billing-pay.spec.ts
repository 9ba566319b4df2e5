/**
 * Issue 11, families pay: Grace Chen (the demo parent) opens Lily's open invoice from Payment /
 * Billing, is declined on the public pay page with billing ZIP 46282, pays with the sandbox Visa,
 * sees the receipt on the page, and the invoice shows paid on Payment / Billing and in the admin's payments report. Axe on the
 * pay page, its dialogs and Payment / Billing; Payment / Billing at a 390 px phone too. Each test on
 * a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md), with billing's demo.
 */
import type { Page } from '@playwright/test';
import { blockingViolations, expect, expectNoSidewaysScroll, signInWithApi, test, waitForIdle } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/** The open invoices card and Lily's open invoice in it (the demo's one due in ten days). */
function lilyOpenInvoice(page: Page) {
  const open = page.getByRole('region', { name: 'Open invoices' });
  return open.getByRole('listitem', { name: /for Lily Chen$/ }).first();
}

test('a parent is declined with ZIP 46282, pays with the sandbox Visa, and sees the invoice paid', async ({ page, school }) => {
  // A whole flow of several pages and dialogs: more than the 30 s a single step gets.
  test.slow();
  await signInWithApi(page, school.login('parent'), { at: '/paymentBilling' });
  await expect(page).toHaveTitle('Payment / Billing | Cadenza');
  await expect(page.getByRole('heading', { name: 'Payment / Billing', level: 1 })).toBeVisible();
  await waitForIdle(page);
  // Both children's invoices in one place, with one total.
  const open = page.getByRole('region', { name: 'Open invoices' });
  await expect(open.getByRole('listitem', { name: /for Owen Chen$/ }).first()).toBeVisible();
  await expect(open.getByText(/^Total due: \$/)).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  const lily = lilyOpenInvoice(page);
  const label = (await lily.getAttribute('aria-label'))!;
  const invoiceNo = label.split(' ')[0]!;
  const balance = (await lily.getByText(/^\$[\d,]+\.\d\d$/).innerText()).trim();
  await lily.getByRole('link', { name: `Pay ${invoiceNo}` }).click();

  // The public pay page (docs/domains/billing.md "Screens and routes", "Rules").
  await expect(page).toHaveURL(/\/invoices\/pay\/[A-Za-z0-9_-]{43}$/);
  await expect(page).toHaveTitle('Pay Invoice | Cadenza');
  await expect(page.getByRole('heading', { name: `Invoice ${invoiceNo}`, level: 1 })).toBeVisible();
  // Lily's invoice is billed to Grace, who pays it (decision 075: the PDF's rule).
  for (const text of ['Riverside Music Academy', 'Grace Chen', 'For Lily Chen', 'Test mode']) await expect(page.getByText(text, { exact: true })).toBeVisible();
  // The amount is the balance, on the button; the server charges the balance whatever is sent.
  const payButton = page.getByRole('button', { name: `Pay ${balance}` });
  await expect(payButton).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Grace');
  expect(await blockingViolations(page)).toEqual([]);

  // The card form's messages in plain words (decision 074), then the number typed as printed on the card.
  await payButton.click();
  for (const message of ['Card number is required', 'Card code (CVV) is required', 'Expiry month is required', 'Expiry year is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Card number').pressSequentially('4111 1111 1111 1111');
  await expect(page.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(page.getByText('Visa', { exact: true })).toBeVisible();
  await page.getByLabel('Card code (CVV)').fill('123');
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption('2030');
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Email').fill('grace.chen@example.test');
  await page.getByLabel('Phone').fill('(212) 555-0163');
  await page.getByLabel('Address').fill('48 Riverside Drive');
  await page.getByLabel('City').fill('New York');
  await page.getByLabel('State').fill('NY');
  await page.getByLabel('Country').fill('US');

  // Declined: the gateway's words in an error dialog.
  await page.getByLabel('Postal Code').fill('46282');
  await payButton.click();
  const failed = page.getByRole('dialog', { name: 'Payment failed' });
  await expect(failed.getByText('This transaction has been declined.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(failed).toBeHidden();

  // Approved: the server's message and the receipt on the page, in place of the form (decision 075).
  await page.getByLabel('Postal Code').fill('10024');
  await payButton.click();
  const done = page.getByRole('region', { name: 'Payment received' });
  await expect(done.getByText(`Thank you! Your payment of ${balance} for invoice ${invoiceNo} was received.`)).toBeVisible();
  await expect(done.getByText('Visa ending in 1111')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  // The form is gone: the link now says the invoice is paid.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This invoice is paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);

  // Payment / Billing shows it paid.
  await page.goto('/paymentBilling');
  await waitForIdle(page);
  const paid = page.getByRole('region', { name: 'Paid invoices' });
  await expect(paid.getByRole('listitem', { name: `${invoiceNo} for Lily Chen` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open invoices' }).getByRole('listitem', { name: `${invoiceNo} for Lily Chen` })).toHaveCount(0);

  // The office sees the money in: the newest payment of its report, and the declined try beside it.
  await signInWithApi(page, school.login('admin'), { at: '/reports/payment-reporting' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Payments' }).locator('tbody tr').filter({ hasText: invoiceNo });
  await expect(rows.filter({ hasText: 'Succeeded' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Succeeded' })).toContainText(balance);
  await expect(rows.filter({ hasText: 'Succeeded' })).toContainText('Lily Chen');
  await expect(rows.filter({ hasText: 'Declined' })).toHaveCount(1);
});

test('Payment / Billing and the pay page fit a 390 px phone', async ({ page, school }) => {
  await page.setViewportSize(PHONE);
  await signInWithApi(page, school.login('parent'), { at: '/paymentBilling' });
  await waitForIdle(page);
  await expect(page.getByRole('region', { name: 'Saved cards' }).getByText('Visa ending in 1111')).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await blockingViolations(page)).toEqual([]);
  const owen = page.getByRole('region', { name: 'Open invoices' }).getByRole('listitem', { name: /for Owen Chen$/ }).first();
  const invoiceNo = (await owen.getAttribute('aria-label'))!.split(' ')[0]!;
  await owen.getByRole('link', { name: `Pay ${invoiceNo}` }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${invoiceNo}`, level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await blockingViolations(page)).toEqual([]);
});
