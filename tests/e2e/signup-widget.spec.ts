/**
 * A stranger signs up for lessons through Riverside's public widget; the admin approves them
 * on New Widget Students; the new student receives the invitation, sets a password and signs in.
 * In a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import type { SessionUser } from '../../shared/contracts/auth';
import { clearMailbox, DEMO_PASSWORD, expect, followMenuLink, signInWithApi, test, waitForMail } from './support/fixtures';
import { APP_URL } from './support/constants';
import { shoot } from './support/shots';

const PASSWORD = 'Cantabile#2026';

test('a visitor signs up through the widget, the admin approves, the student signs in', async ({ page, request, school }) => {
  // Four pages and two people (the widget, the approval, the invitation, the sign-in), as the other flows that long.
  test.slow();
  // The visitor's address is this school's own, as its people's are (decision 064).
  const VISITOR = { first: 'Nora', last: 'Quillfeather', email: school.email('nora.quillfeather@example.test') };
  await clearMailbox();
  // Riverside's id, as its admin's session knows it.
  const login = await request.post('/api/auth/local/login', { data: { username: school.login('admin'), password: DEMO_PASSWORD } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  const admin = ((await me.json()) as { data: { user: SessionUser } }).data.user;
  const adminId = admin.adminId!;
  await request.get('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });

  // Signed out, the widget opens (no detour to /login).
  await page.goto(`/studentSignup/${adminId}`);
  await expect(page).toHaveURL(`${APP_URL}/studentSignup/${adminId}`);
  await expect(page).toHaveTitle('Student Signup | Cadenza');
  await expect(page.getByRole('heading', { name: 'Riverside Music Academy' })).toBeVisible();
  await expect(page.getByText('The school will contact you to complete the process.')).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['First Name is Required', 'Last Name is Required', 'Email is Required', 'Cell Phone is Required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Email').fill('nora@');
  await expect(page.getByText('Please provide a valid email address')).toBeVisible();

  await page.getByRole('button', { name: 'Add Instrument/Genre' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Instrument/Genre' });
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByText('Instrument/Genre is Required')).toBeVisible();
  await expect(modal.getByText('Level is Required')).toBeVisible();
  await modal.getByLabel('Instrument/Genre').click();
  await page.getByRole('option', { name: 'Violin', exact: true }).click();
  await modal.getByLabel('Level').click();
  await page.getByRole('option', { name: 'Intermediate' }).click();
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Violin' })).toBeVisible();

  await page.getByLabel('First Name').fill(VISITOR.first);
  await page.getByLabel('Last Name').fill(VISITOR.last);
  await page.getByLabel('Email').fill(VISITOR.email);
  await page.getByLabel('Cell Phone').pressSequentially('2065550142');
  await expect(page.getByLabel('Cell Phone')).toHaveValue('(206) 555-0142');
  await shoot(page, 'signup-widget-filled.png', { fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('student register successfully')).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Cell Phone')).toHaveValue('');
  await expect(page.getByRole('listitem').filter({ hasText: 'Violin' })).toHaveCount(0);

  // The school hears of it.
  const notice = await waitForMail(admin.email!);
  expect(notice.subject).toBe('A new student signed up');
  expect(notice.text).toContain(VISITOR.email);

  // The admin approves on New Widget Students.
  await signInWithApi(page, school.login('admin'));
  await followMenuLink(page, 'New Widget Students', 'Reports & Info');
  await expect(page).toHaveURL(`${APP_URL}/reporting/approvedStudent`);
  await expect(page.getByRole('heading', { name: 'New Widget Students' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Public signup page' })).toHaveValue(`${APP_URL}/studentSignup/${adminId}`);
  await expect(page.getByRole('textbox', { name: 'Embed snippet' })).toHaveValue(new RegExp(`<iframe src="${APP_URL}/studentSignup/${adminId}"`));
  const row = page.getByRole('row').filter({ hasText: VISITOR.email });
  await expect(row).toContainText(`${VISITOR.first} ${VISITOR.last}`);
  await expect(row).toContainText('(206) 555-0142');
  await expect(row).toContainText('Violin · Intermediate');
  await shoot(page, 'new-widget-students.png', { fullPage: true });
  await row.getByRole('button', { name: `Approve ${VISITOR.first} ${VISITOR.last}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve signup' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Student approved successfully. An invitation email was sent.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: VISITOR.email })).toHaveCount(0);
  await page.getByRole('tab', { name: /Approved/ }).click();
  await expect(page.getByRole('row').filter({ hasText: VISITOR.email })).toBeVisible();

  // The invitation arrives; the student sets a password and signs in.
  const mail = await waitForMail(VISITOR.email);
  const link = /http:\/\/\S+\/acceptinvitation\/[\w-]+/.exec(mail.text)?.[0];
  const username = /Your username is (\S+)\./.exec(mail.text)?.[1];
  expect(link, 'the invitation carries a link to accept it').toBeTruthy();
  expect(username, 'the invitation names the username').toBeTruthy();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link!);
  await expect(page.getByTestId('invited-username')).toHaveText(username!);
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  await expect(page.getByRole('heading', { name: new RegExp(`, ${VISITOR.first}$`) })).toBeVisible();
});
