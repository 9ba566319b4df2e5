/**
 * Staff told (issue 28, decisions 083 and 091): a family pays an invoice by card and the admin's
 * bell counts it live, its entry opening the payment; Grace Chen cancels Lily's lesson from her
 * children's calendar and Sofia Marin, Lily's teacher, finds it in her bell; the admin turns a
 * kind of email off on /notification and the choice holds after a reload. At 1440 and 390 px in
 * one school of the file's own, three people in three browser contexts, axe on each page.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import {
  demoLesson, expect, expectNoSidewaysScroll, expectNoViolations, newSchool, SCHOOL_ZONE, signInWithApi, test, tokenOf, waitForIdle, type School,
} from './support/fixtures';
import { TEST_CARD_CODE } from './support/constants';
import { shoot } from './support/shots';

// Each width its own lesson of Lily's (a family cancels a lesson once) and its own amount.
const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, at: '06:00', dollars: 41 },
  { name: '390', size: { width: 390, height: 844 }, at: '06:30', dollars: 39 },
] as const;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let school: School;
/** A day far enough ahead for a family to cancel, on the school's clock. */
let day: string;
const lessons: Record<string, string> = {};
let lilyId = '';

test.beforeAll(async ({ request }) => {
  school = await newSchool();
  day = DateTime.now().setZone(SCHOOL_ZONE).plus({ days: 9 }).toISODate()!;
  for (const { at } of WIDTHS) {
    const made = await demoLesson(request, day, at, school);
    lessons[at] = made.lessonId;
    lilyId = made.studentId;
  }
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const unread = async (page: Page) => Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
const shootPage = (page: Page, name: string) => shoot(page, `${name}.png`, { caret: 'hide', animations: 'disabled' });

/** A page of its own browser context, signed in at the desktop width (the helper checks the header's name there), then resized. */
async function personAt(browser: Browser, login: string, size: { width: number; height: number }, at?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithApi(page, login, at ? { at } : {});
  await page.setViewportSize(size);
  return page;
}

/** The office sends Lily an invoice; her family pays it on its pay page, as the emailed link does. */
async function familyPays(request: APIRequestContext, dollars: number) {
  const admin = await tokenOf(request, school.login('admin'));
  const headers = { Authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/invoices/create', {
    headers, data: { studentId: lilyId, lines: [{ description: 'Staff notices probe', quantity: 1, unitPrice: dollars }], dueOn: day, send: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data: invoice } = (await (await request.get(`/api/invoices/view/${((await created.json()) as { data: { _id: string } }).data._id}`, { headers })).json()) as { data: { payLink: string } };
  const paid = await request.post('/api/invoice/payment', {
    data: {
      invoiceId: invoice.payLink.split('/').at(-1), cardNo: '4111111111111111', expDate: '2030-12', cardCode: TEST_CARD_CODE,
      firstName: 'Grace', lastName: 'Chen', email: 'grace.payer@example.test', cellPhone: '(212) 555-0163',
      address1: '48 Riverside Drive', city: 'New York', state: 'NY', postalCode: '10024', country: 'US',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

for (const { name, size, at, dollars } of WIDTHS) {
  test(`a payment in the admin's bell, a parent's cancel in the teacher's, a preference that holds, at ${name} px`, async ({ page: admin, browser, request }) => {
    await signInWithApi(admin, school.login('admin'));
    await admin.setViewportSize(size);
    await waitForIdle(admin);

    // The payment: counted in the open bell without a reload (the socket), its entry opening the payment.
    const before = await unread(admin);
    await familyPays(request, dollars);
    await expect(admin.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible({ timeout: 15_000 });
    await bell(admin).click();
    const payment = admin.getByRole('menuitem', { name: new RegExp(`^Unread: Payment received: \\$${dollars}\\.00`) });
    await expect(payment).toBeVisible();
    await expectNoViolations(admin);
    await shootPage(admin, `staff-bell-payment-${name}`);
    await payment.click();
    await expect(admin).toHaveURL(/\/reporting\/payment-details\/[0-9a-f-]{36}$/);
    await expect(admin.getByText(`$${dollars}.00`).first()).toBeVisible();

    // Grace cancels Lily's lesson from her calendar; Sofia's bell has it.
    const teacher = await personAt(browser, school.login('teacher'), size);
    await waitForIdle(teacher);
    const teacherBefore = await unread(teacher);
    const parent = await personAt(browser, school.login('parent'), size, `/scheduling/family?date=${day}&lesson=${lessons[at]}`);
    const drawer = parent.getByRole('dialog', { name: 'Lesson' });
    await expect(drawer.getByText('Lily Chen')).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel lesson' }).click();
    const form = parent.getByRole('form', { name: 'Cancel lesson' });
    await form.getByLabel('Reason').fill(`Family trip (${name} px)`);
    await expectNoViolations(parent);
    await form.getByRole('button', { name: 'Cancel lesson' }).click();
    const outcome = parent.getByLabel('Make-up credits');
    await expect(outcome).toBeVisible();
    await outcome.getByRole('button', { name: 'Done' }).click();
    if (name === '390') await expectNoSidewaysScroll(parent);
    await parent.context().close();

    await expect(teacher.getByRole('button', { name: `Notifications, ${teacherBefore + 1} unread` })).toBeVisible({ timeout: 15_000 });
    await bell(teacher).click();
    // This width's lesson (the other width's may still be unread in her bell).
    const when = DateTime.fromFormat(at, 'HH:mm').toFormat('h:mm a');
    const cancelled = teacher.getByRole('menuitem', { name: new RegExp(`^Unread: Grace Chen cancelled a lesson.*, ${when}\\.`) });
    await expect(cancelled).toBeVisible();
    await expect(cancelled).toContainText('Lily Chen');
    await expectNoViolations(teacher);
    await shootPage(teacher, `staff-bell-cancel-${name}`);
    await teacher.context().close();

    // The admin's choice: payments by email flipped, saved, and still so after a reload.
    await bell(admin).click();
    await admin.getByRole('menuitem', { name: 'View all' }).click();
    await expect(admin).toHaveURL(/\/notification$/);
    const paymentsByEmail = admin.getByRole('checkbox', { name: 'Payments: by email' });
    const was = await paymentsByEmail.isChecked();
    await paymentsByEmail.setChecked(!was);
    await admin.getByRole('button', { name: 'Save preferences' }).click();
    await expect(admin.getByText('Notification preferences saved')).toBeVisible();
    await expectNoViolations(admin);
    if (name === '390') await expectNoSidewaysScroll(admin);
    await shootPage(admin, `staff-preferences-${name}`);
    await admin.reload();
    await expect(admin.getByRole('checkbox', { name: 'Payments: by email' })).toBeChecked({ checked: !was });
    await expect(admin.getByRole('checkbox', { name: 'Payments: in the app' })).toBeChecked();
  });
}
