/**
 * Issue 27, the pay page (docs/decisions/075-the-pay-page.md): the office sends Lily Chen's open
 * invoice again; her mother Grace opens the link from the captured email with no sign-in, sees what
 * is being paid (billed to her, for Lily; the lines, the due date, the balance on the Pay button),
 * pays with the sandbox Visa, sees the receipt on the page (brand and last four, a reference),
 * downloads the PDF, and finds the receipt email in the outbox. A reload shows the receipt, never
 * the card form again. At 1440 and 390 px; axe before and after paying. Each test on a school of
 * its own (decision 064).
 */
import type { APIRequestContext } from '@playwright/test';
import { clearMailbox, expect, expectNoSidewaysScroll, expectNoViolations, test, tokenOf, typeCard, waitForIdle, waitForMail, type School } from './support/fixtures';
import { shoot } from './support/shots';

const GRACE = 'grace.chen@riversidemusic.example';

/** The office sends Lily's open invoice again (the demo's); answers its number and balance. */
async function resendLilysInvoice(request: APIRequestContext, school: School): Promise<{ id: string; number: string; balance: number }> {
  const { token } = await tokenOf(request, school.login('admin'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.post('/api/invoices/list', { headers, data: { search: 'Lily', status: 'open', limit: 100 } });
  expect(list.status()).toBe(200);
  const { results } = (await list.json()).data as { results: { _id: string; number: string; balance: number; student: { first_name: string } }[] };
  const lily = results.find((r) => r.student.first_name === 'Lily' && r.balance > 0)!;
  expect(lily, 'an open invoice of Lily in the demo').toBeTruthy();
  const sent = await request.post('/api/invoices/resend', { headers, data: { id: lily._id } });
  expect(sent.status()).toBe(200);
  return { id: lily._id, number: lily.number, balance: lily.balance };
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`a parent pays an emailed invoice and gets the receipt, the PDF and the receipt email (${viewport.width} px)`, async ({ page, school, request }) => {
    // A whole flow: the email, the page, the payment, the download and the receipt email.
    test.slow();
    await clearMailbox();
    const { id, number, balance } = await resendLilysInvoice(request, school);
    const dollars = `$${balance.toFixed(2)}`;

    // The link as the family receives it.
    const invoiceEmail = await waitForMail(school.email(GRACE));
    expect(invoiceEmail.subject).toContain(`Invoice ${number}`);
    const link = invoiceEmail.text.match(/https?:\/\/\S+\/invoices\/pay\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, 'the pay link in the email').toBeTruthy();
    await clearMailbox();

    await page.setViewportSize(viewport);
    await page.goto(new URL(link!).pathname);
    await expect(page).toHaveTitle('Pay Invoice | Cadenza');
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    // What is being paid, billed to the payer as on the PDF.
    for (const text of ['Riverside Music Academy', 'Grace Chen', 'For Lily Chen', 'Test mode']) await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoice lines' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Totals' })).toContainText(`Balance due${dollars}`);
    await expect(page.getByLabel('First Name')).toHaveValue('Grace');
    await expect(page.getByLabel('Last Name')).toHaveValue('Chen');
    const pay = page.getByRole('button', { name: `Pay ${dollars}` });
    await expect(pay).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, `pay-before-${viewport.width}.png`, { fullPage: true });

    // Typed as printed on the card, with its spaces (decision 074).
    await typeCard(page);
    for (const [label, value] of [['Email', 'grace.chen@example.test'], ['Phone', '(212) 555-0163'], ['Address', '48 Riverside Drive'], ['City', 'New York'], ['State', 'NY'], ['Postal Code', '10024'], ['Country', 'US']] as const) {
      if ((await page.getByLabel(label).inputValue()) === '') await page.getByLabel(label).fill(value);
    }
    // A double click: one charge (the button is busy after the first, and the attempt key is the same).
    await pay.dblclick();

    const receipt = page.getByRole('region', { name: 'Payment received' });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText(`Thank you! Your payment of ${dollars} for invoice ${number} was received.`)).toBeVisible();
    await expect(receipt.getByText('Visa ending in 1111')).toBeVisible();
    await expect(receipt.getByText(dollars, { exact: true })).toBeVisible();
    await expect(receipt.getByText('Reference')).toBeVisible();
    await expect(receipt.getByText(`A receipt was emailed to ${school.email(GRACE)}.`)).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, `pay-after-${viewport.width}.png`, { fullPage: true });

    // The PDF, by the link alone.
    const download = page.waitForEvent('download');
    await receipt.getByRole('link', { name: 'Download invoice PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);

    // The receipt email, to Grace's address of record, with the paid PDF; its link opens this page.
    const receiptEmail = await waitForMail(school.email(GRACE));
    expect(receiptEmail.subject).toBe(`Payment received: ${number} (${dollars})`);
    expect(receiptEmail.text).toContain('Visa ending in 1111');
    expect(receiptEmail.text).toContain(`See your receipt: ${link}`);
    expect(receiptEmail.attachments).toEqual([expect.objectContaining({ filename: `${number}.pdf`, contentType: 'application/pdf' })]);

    // A reload after paying: the receipt, not the form; the one payment.
    await page.reload();
    await waitForIdle(page);
    const paid = page.getByRole('region', { name: 'This invoice is paid' });
    await expect(paid.getByText('Visa ending in 1111')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Totals' })).toContainText('Balance due$0.00');
    const { token } = await tokenOf(request, school.login('admin'));
    const view = await request.get(`/api/invoices/view/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const details = (await view.json()).data as { status: string; payments: { method: string; status: string; amount: number }[] };
    expect(details.status).toBe('paid');
    expect(details.payments.filter((p) => p.method === 'card' && p.status === 'succeeded')).toEqual([expect.objectContaining({ amount: balance })]);
  });
}
