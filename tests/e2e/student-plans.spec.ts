/**
 * A school's plans for its students (issue 12): the admin builds a plan; Jack Wilson (who pays for
 * himself) opens it on Payment / Billing, adds a card and asks for it; the admin approves it on
 * Approve Plan; Jack sees it active with its next charge, and cancels it. Axe on every new page,
 * and the plans on a phone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoginResult } from '../../shared/contracts/auth';
import { DEMO_PASSWORD, expect, expectNoSidewaysScroll, expectNoViolations, followMenuLink, loginForm, signInWithApi, test, waitForMail } from './support/fixtures';
import { TEST_CARD_CODE } from './support/constants';
import { shoot } from './support/shots';


test('an admin builds a plan, a student asks for it, the admin approves, the student sees it active', async ({ page, school }) => {
  // Several pages and dialogs for two people: more than the 30 s a single step gets.
  test.slow();
  // A school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md): a retry never meets the first attempt's plan or card.
  const PLAN = 'Guitar 45 min (e2e)';
  await signInWithApi(page, school.login('admin'), { at: '/studentbilling/planbuilder' });
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Builder' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Piano 30 min weekly/ })).toContainText('$120.00');
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Plan Name is Required')).toBeVisible();
  await expect(dialog.getByText('Price is Required')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByLabel('Plan Name').fill(PLAN);
  await dialog.getByLabel('Price').fill('75');
  await dialog.getByLabel('Lessons per period').fill('4');
  await dialog.getByLabel('Lesson length (minutes)').fill('45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plan added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(PLAN.replace(/[()]/g, '\\$&')) })).toContainText('4 × 45 min lessons, Monthly');

  await page.goto('/studentbilling/groupplans');
  await expect(page.getByRole('row', { name: /Group Theory/ })).toContainText('Beginner Piano Group');
  await expectNoViolations(page);

  // Jack asks for it, with a card he adds on the way.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('jackwilson'), { at: '/paymentBilling' });
  const plans = page.getByRole('region', { name: 'Plans' });
  await plans.getByRole('link', { name: `Choose ${PLAN}` }).click();
  await expect(page).toHaveURL(/\/plan-registration\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Registration' })).toBeVisible();
  const noCard = page.getByText('You have no saved card yet: add one to pay for this plan.');
  await expect(noCard).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Add a card' }).click();
  const card = page.getByRole('dialog', { name: 'Add card' });
  await card.getByLabel('Card number').fill('4111111111111111');
  await card.getByLabel('Card code (CVV)').fill(TEST_CARD_CODE);
  await card.getByLabel('Expiry month').selectOption('11');
  await card.getByLabel('Expiry year').selectOption('2032');
  await card.getByLabel('First Name').fill('Jack');
  await card.getByLabel('Last Name').fill('Wilson');
  await card.getByLabel('Email').fill('jack.wilson@example.test');
  await card.getByLabel('Phone').fill('(212) 555-0199');
  await card.getByLabel('Address').fill('12 West End Avenue');
  await card.getByLabel('City').fill('New York');
  await card.getByLabel('State').fill('NY');
  await card.getByLabel('Postal Code').fill('10023');
  await card.getByLabel('Country').fill('US');
  await card.getByRole('button', { name: 'Save card' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('radio', { name: /Visa ending in 1111/ })).toBeChecked();
  await page.getByRole('button', { name: 'Ask for this plan' }).click();
  await expect(page.getByText('Plan requested: the school will approve it')).toBeVisible();
  await expect(page).toHaveURL(/\/paymentBilling$/);
  const mine = page.getByRole('region', { name: 'My plans' });
  await expect(mine.getByTestId('my-plan').filter({ hasText: PLAN })).toContainText('Waiting for approval');

  // The admin approves it.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('admin'), { at: '/studentbilling/approveplan' });
  await expect(page.getByRole('heading', { level: 1, name: 'Approve Plan' })).toBeVisible();
  const request = page.getByRole('row', { name: /Jack Wilson/ }).filter({ hasText: PLAN });
  await expect(request).toContainText(PLAN);
  await expectNoViolations(page);
  await request.getByRole('button', { name: `Approve ${PLAN} for Jack Wilson` }).click();
  await expect(page.getByText('Plan approved')).toBeVisible();
  await expect(request).toHaveCount(0);
  await page.getByText('Approved list').click();
  await expect(page.getByRole('row', { name: /Jack Wilson/ }).filter({ hasText: PLAN })).toContainText('Active');

  // Jack sees it active, with its next charge; then cancels it (it runs to the end of the paid period).
  await page.context().clearCookies();
  await signInWithApi(page, school.login('jackwilson'), { at: '/paymentBilling' });
  const active = page.getByRole('region', { name: 'My plans' }).getByTestId('my-plan').filter({ hasText: PLAN });
  await expect(active).toContainText('Active');
  await expect(active).toContainText(/Next charge \w{3} \d{1,2}, \d{4}/);
  await expectNoViolations(page);
  await active.getByRole('button', { name: `Cancel ${PLAN}` }).click();
  await page.getByRole('dialog', { name: 'Cancel plan' }).getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText('Plan cancelled: it ends at the end of the paid period')).toBeVisible();
  await expect(active).toContainText('Cancelled');
});

test('the plans fit a phone', async ({ page, school }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithApi(page, school.login('student'), { at: '/buyPlanDetails' });
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Details' })).toBeVisible();
  const piano = page.getByRole('article', { name: 'Piano 30 min weekly' });
  await expect(piano).toBeVisible();
  const choose = piano.getByRole('link', { name: 'Choose Piano 30 min weekly' });
  await choose.scrollIntoViewIfNeeded();
  await expect(choose).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
});

test('each widget page works in an iframe on another site; the office switches one off and on', async ({ page, school }) => {
  test.slow();
  await signInWithApi(page, school.login('admin'));
  const links: Record<string, string> = {};
  for (const [path, title] of [
    ['/studentbilling/planwidget', 'Plan Widget'], ['/studentbilling/loginwidget', 'Login Widget'],
    ['/studentbilling/studentWidget', 'Student Login Widget'], ['/studentbilling/registerwidget', 'Register Widget'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Widget on' })).toBeChecked();
    links[path] = await page.getByRole('textbox', { name: 'Widget link' }).inputValue();
    await expect(page.getByRole('textbox', { name: 'Embed snippet' })).toHaveValue(new RegExp(`^<iframe src="${links[path]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`));
    await expect(page.getByRole('button', { name: 'Copy Embed snippet' })).toBeVisible();
    await expect(page.frameLocator(`iframe[title="${title} preview"]`).getByText('Powered by Cadenza').or(
      page.frameLocator(`iframe[title="${title} preview"]`).getByRole('heading', { name: /Student Signup|Riverside/ }),
    ).first()).toBeVisible();
    await expectNoViolations(page);
  }

  // A school's own website, on another origin (localhost, not the app's 127.0.0.1), with the four snippets.
  const snippets = Object.values(links).map((url, i) => `<iframe src="${url}" title="Widget ${i + 1}" width="600" height="700"></iframe>`).join('\n');
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html lang="en"><title>Riverside</title><body><h1>Riverside Music Academy</h1>${snippets}</body></html>`);
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  const site = `http://localhost:${(host.address() as AddressInfo).port}`;
  await page.goto(`${site}/`);
  const plans = page.frameLocator('iframe[title="Widget 1"]');
  await expect(plans.getByRole('heading', { name: 'Plans at Riverside Music Academy' })).toBeVisible();
  await expect(plans.getByRole('link', { name: 'Choose Piano 30 min weekly' })).toHaveAttribute('href', /\/plan-registration\/[0-9a-f-]{36}$/);
  await expect(page.frameLocator('iframe[title="Widget 2"]').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/login$/);
  await expect(page.frameLocator('iframe[title="Widget 3"]').getByRole('heading', { name: 'Student sign in at Riverside Music Academy' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Widget 4"]').getByLabel('First Name')).toBeVisible();
  host.close();

  // Off: the page says so; on again.
  await page.goto('/studentbilling/planwidget');
  await page.getByRole('switch', { name: 'Widget on' }).click();
  await expect(page.getByText('Widget is off')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Plan Widget preview"]').getByText('This widget is not available')).toBeVisible();
  await page.getByRole('switch', { name: 'Widget on' }).click();
  await expect(page.getByText('Widget is on')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Plan Widget preview"]').getByRole('heading', { name: 'Plans at Riverside Music Academy' })).toBeVisible();
});

test('a signed-out visitor picks a plan in the widget, signs in and lands on that plan', async ({ page, school }) => {
  // The school's id, as its widget link carries it; asking the API sets no cookie.
  const response = await page.request.post('/api/auth/local/login', { data: { username: school.login('student'), password: DEMO_PASSWORD, remember: false } });
  const { user } = ((await response.json()) as { data: LoginResult }).data;
  await page.goto(`/widget/plans/${user.adminId}`);
  const choose = page.getByRole('link', { name: 'Choose Piano 30 min weekly' });
  const planPath = new URL((await choose.getAttribute('href'))!).pathname;
  expect(planPath).toMatch(/^\/plan-registration\/[0-9a-f-]{36}$/);

  // The widget opens the app in a tab of its own; signed out, it asks to sign in first.
  const [tab] = await Promise.all([page.waitForEvent('popup'), choose.click()]);
  await expect(tab).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(planPath)}$`));
  const form = loginForm(tab);
  await form.username.fill(school.login('student'));
  await form.password.fill(DEMO_PASSWORD);
  await form.submit.click();
  await expect(tab).toHaveURL(new RegExp(`${planPath}$`));
  await expect(tab.getByRole('heading', { level: 1, name: 'Plan Registration' })).toBeVisible();
  await expect(tab.getByText('Piano 30 min weekly').first()).toBeVisible();
});

test('a new visitor signs up for a plan in the widget; the invitation of the approval leads to that plan', async ({ page, school }) => {
  const response = await page.request.post('/api/auth/local/login', { data: { username: school.login('student'), password: DEMO_PASSWORD, remember: false } });
  const { user } = ((await response.json()) as { data: LoginResult }).data;
  // An address of the school's own, as its people's are.
  const visitor = { first: 'Ines', last: 'Moreau', email: school.email('ines.moreau@example.test') };

  await page.goto(`/widget/plans/${user.adminId}`);
  const signUp = page.getByRole('link', { name: 'New here? Sign up for Piano 30 min weekly' });
  const href = (await signUp.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`/studentSignup/${user.adminId}\\?plan=[0-9a-f-]{36}$`));
  const planId = new URL(href).searchParams.get('plan')!;
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'plan-widget-390.png', { fullPage: true });
  await page.goto(href);
  await expect(page.getByText('Plan: Piano 30 min weekly')).toBeVisible();
  await shoot(page, 'plan-signup-390.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('First Name').fill(visitor.first);
  await page.getByLabel('Last Name').fill(visitor.last);
  await page.getByLabel('Email').fill(visitor.email);
  await page.getByLabel('Cell Phone').pressSequentially('2065550177');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('student register successfully')).toBeVisible();

  await signInWithApi(page, school.login('admin'));
  await followMenuLink(page, 'New Widget Students', 'Reports & Info');
  const row = page.getByRole('row').filter({ hasText: visitor.email });
  await expect(row).toContainText('Plan: Piano 30 min weekly');
  await row.getByRole('button', { name: `Approve ${visitor.first} ${visitor.last}` }).click();
  await page.getByRole('dialog', { name: 'Approve signup' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Student approved successfully. An invitation email was sent.')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  const mail = await waitForMail(visitor.email);
  expect(mail.text).toContain('It then opens Piano 30 min weekly, the plan you chose, to pick a card and ask for it.');
  const link = /http:\/\/\S+\/acceptinvitation\/\S+/.exec(mail.text)?.[0];
  expect(link).toContain(`?next=${encodeURIComponent(`/plan-registration/${planId}`)}`);
  await page.goto(link!);
  await page.getByLabel('New Password').fill('Cantabile#2026');
  await page.getByLabel('Confirm Password').fill('Cantabile#2026');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/plan-registration/${planId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Registration' })).toBeVisible();
  await expect(page.getByText('Piano 30 min weekly').first()).toBeVisible();
});
