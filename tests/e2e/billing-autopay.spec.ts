/**
 * Issue 11, autopay: Grace Chen saves a card as her default on Payment / Billing and turns on
 * autopay for Lily; an invoice of Lily's falls due; the charge-autopay-invoices job (run through
 * serve.ts's test-only door, never the app's API) charges it and it shows paid; then she turns
 * autopay off and removes the card. On a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { APIRequestContext } from '@playwright/test';
import type { FamilyBilling } from '../../shared/contracts/billing-family';
import { blockingViolations, DEMO_PASSWORD, expect, runJob, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

const SCHOOL_ZONE = 'America/New_York';
const todayAtSchool = () => new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_ZONE }).format(new Date());

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/local/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test('a parent saves a card, turns autopay on, and the job pays an invoice that falls due', async ({ page, request, school }) => {
  // A whole flow of several pages and dialogs: more than the 30 s a single step gets.
  test.slow();
  await signInWithApi(page, school.login('parent'), { at: '/paymentBilling' });
  await waitForIdle(page);
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await expect(cards.getByText('Visa ending in 1111')).toBeVisible();

  // Save a Mastercard as the default, through the card form in a dialog.
  await cards.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByText('Card number is required', { exact: true })).toBeVisible();
  // Typed with dashes, as some cards print it: shown in groups, named Mastercard (decision 074).
  await dialog.getByLabel('Card number').fill('5424-0000-0000-0015');
  await expect(dialog.getByLabel('Card number')).toHaveValue('5424 0000 0000 0015');
  await expect(dialog.getByText('Mastercard', { exact: true })).toBeVisible();
  await dialog.getByLabel('Card code (CVV)').fill('456');
  await dialog.getByLabel('Expiry month').selectOption('11');
  await dialog.getByLabel('Expiry year').selectOption('2032');
  await shoot(page, 'card-add-card-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'card-add-card-390.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByLabel('First Name').fill('Grace');
  await dialog.getByLabel('Last Name').fill('Chen');
  await dialog.getByLabel('Email').fill('grace.chen@example.test');
  await dialog.getByLabel('Phone').fill('(212) 555-0163');
  await dialog.getByLabel('Address').fill('48 Riverside Drive');
  await dialog.getByLabel('City').fill('New York');
  await dialog.getByLabel('State').fill('NY');
  await dialog.getByLabel('Postal Code').fill('10024');
  await dialog.getByLabel('Country').fill('US');
  await dialog.getByLabel('Make this my default card').check();
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  const master = cards.getByText('Mastercard ending in 0015');
  await expect(master).toBeVisible();
  await expect(cards.getByRole('button', { name: 'Make Visa ending in 1111 the default' })).toBeVisible();

  // Autopay on for Lily (one switch a child).
  const lilySwitch = page.getByRole('switch', { name: 'Autopay for Lily Chen' });
  await expect(page.getByRole('switch', { name: 'Autopay for Owen Chen' })).not.toBeChecked();
  await lilySwitch.click();
  await expect(page.getByText('Autopay is on')).toBeVisible();
  await expect(lilySwitch).toBeChecked();
  expect(await blockingViolations(page)).toEqual([]);

  // The office sends Lily an invoice due today (the school's date).
  const admin = await tokenOf(request, school.login('admin'));
  const parentApi = await tokenOf(request, school.login('parent'));
  const billing = ((await (await request.post('/api/paymentbilling/invoices', { headers: { Authorization: `Bearer ${parentApi}` }, data: {} })).json()) as { data: FamilyBilling }).data;
  const lily = billing.students.find((s) => s.first_name === 'Lily')!;
  const created = await request.post('/api/invoices/create', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { studentId: lily._id, lines: [{ description: 'Autopay probe: piano lesson', quantity: 1, unitPrice: 35 }], dueOn: todayAtSchool(), send: true },
  });
  expect(created.status()).toBe(200);
  const invoiceId = ((await created.json()) as { data: { _id: string } }).data._id;
  await page.reload();
  await waitForIdle(page);
  const dueRow = page.getByRole('region', { name: 'Open invoices' }).getByRole('listitem').filter({ hasText: 'Due' }).filter({ hasText: '$35.00' });
  await expect(dueRow).toBeVisible();
  const invoiceNo = (await dueRow.getAttribute('aria-label'))!.split(' ')[0]!;

  await runJob('charge-autopay-invoices');

  await page.reload();
  await waitForIdle(page);
  await expect(page.getByRole('region', { name: 'Paid invoices' }).getByRole('listitem', { name: `${invoiceNo} for Lily Chen` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open invoices' }).getByRole('listitem', { name: `${invoiceNo} for Lily Chen` })).toHaveCount(0);
  const view = await request.get(`/api/invoices/view/${invoiceId}`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(((await view.json()) as { data: { status: string } }).data.status).toBe('paid');

  // Autopay off, the Mastercard removed (the Visa is the default again).
  await page.getByRole('switch', { name: 'Autopay for Lily Chen' }).click();
  await expect(page.getByRole('switch', { name: 'Autopay for Lily Chen' })).not.toBeChecked();
  await cards.getByRole('button', { name: 'Remove Mastercard ending in 0015' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove card' });
  // Axe after the dialog is there: checked while it still fades in, its red Remove button blends into the overlay.
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(master).toHaveCount(0);
  await expect(cards.getByText('Default')).toBeVisible();
});
