/**
 * Today, at a glance (issue 10): each dashboard at 1440 px and on a phone (390 px), with axe.
 * Each test in a school of its own, with the demo's term and sign-ups
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import { demoLesson, expect, expectNoSidewaysScroll, expectNoViolations, followMenuLink, lessonYesterday, schoolTime, signInWithApi, test, tokenOf } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const WIDTHS = [
  { name: '1440 px', size: { width: 1440, height: 900 } },
  { name: '390 px', size: PHONE },
] as const;

for (const { name, size } of WIDTHS) {
  test(`the office sees today's lessons, attendance to take, cancellations and signups at ${name}`, async ({ page, school }) => {
    await signInWithApi(page, school.login('admin'));
    await page.setViewportSize(size);
    const today = page.getByRole('region', { name: /^Today's lessons/ });
    await expect(today).toBeVisible();
    await expect(page.getByRole('region', { name: /^Attendance to take/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Cancellations this week/ })).toBeVisible();
    const signups = page.getByRole('region', { name: /^Waiting widget signups/ });
    await expect(signups).toBeVisible();
    await expectNoViolations(page);
    // No sideways scroll on a phone.
    await expectNoSidewaysScroll(page);
    await signups.getByRole('link', { name: 'Review signups' }).click();
    await expect(page).toHaveURL(/\/reporting\/approvedStudent$/);
  });
}

// Each width its own teacher and student, in a school of its own (decision 064). The time is the
// test's, not the wall's (docs/decisions/067-a-school-clock-the-test-sets.md): the school's clock
// and the browser's read a Wednesday at 4:10 PM, so the 4 PM lesson has begun at any hour of the run.
const TAKERS = [['teacher', 'student'], ['jamesoconnor', 'avathompson']] as const;
const AGENDA_DAY = '2026-05-13';

for (const [i, { name, size }] of WIDTHS.entries()) {
  test(`a teacher takes attendance from today's agenda in one tap at ${name}`, async ({ page, school }) => {
    const [teacher, student] = TAKERS[i]!;
    await school.setNow(schoolTime(AGENDA_DAY, '16:10'), page);
    await demoLesson(page.request, AGENDA_DAY, '16:00', school, { teacher, student });
    await signInWithApi(page, school.login(teacher));
    await page.setViewportSize(size);
    const agenda = page.getByRole('region', { name: /^Today's agenda/ });
    const row = agenda.getByRole('listitem').filter({ hasText: /(^|\D)4:00 PM – / });
    await expect(row).toBeVisible();
    await expectNoViolations(page);
    await row.getByRole('button', { name: /^Take attendance/ }).click();
    const form = page.getByRole('form', { name: 'Take attendance' });
    await expect(form).toBeVisible();
    await expectNoViolations(page);
    await form.getByRole('button', { name: 'Save attendance' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByText('Attendance taken')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Take attendance/ })).toHaveCount(0);
  });
}

for (const { name, size } of WIDTHS) {
  test(`a student sees their next lesson, teacher, room and make-up credits at ${name}`, async ({ page, school }) => {
    await signInWithApi(page, school.login('student'));
    await page.setViewportSize(size);
    const next = page.getByRole('region', { name: 'Your next lesson' });
    await expect(next.getByText('Teacher: Sofia Marin')).toBeVisible();
    await expect(next.getByText(/^Room: /)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Make-up credits/ })).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
  });
}

test('the student’s menu has its Dashboard group and the header’s name leads home', async ({ page, school }) => {
  await signInWithApi(page, school.login('student'));
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const group = nav.getByRole('button', { name: 'Dashboard' });
  // The group holding the current page opens by itself.
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await followMenuLink(page, 'Weekly', 'My Schedule');
  await expect(page).toHaveURL(/\/scheduling\/weekly/);
  await page.getByRole('link', { name: 'Cadenza: home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Your next lesson' })).toBeVisible();
});

for (const { name, size } of WIDTHS) {
  test(`Recent activities show the attendance taken and can leave out login-as lines at ${name}`, async ({ page, school }) => {
    // Sofia takes attendance of Lily's lesson, in a school of its own (decision 064): the line this
    // test reads no longer comes from the agenda test's leftovers in the shared demo.
    const { lessonId, studentId } = await lessonYesterday(page.request, '01:00', school);
    const sofia = await tokenOf(page.request, school.login('teacher'));
    const taken = await page.request.post('/api/scheduling/takeAttendance', {
      headers: { Authorization: `Bearer ${sofia.token}` }, data: { lessonId, attendance: [{ studentId, status: 'present' }] },
    });
    expect(taken.status(), await taken.text()).toBe(200);
    await signInWithApi(page, school.login('admin'));
    await page.setViewportSize(size);
    // The login-as card writes a login-as line; the teacher's attendance above wrote its own.
    const card = page.getByRole('region', { name: 'Login as' });
    await card.getByLabel('Search people').fill('Sofia');
    await card.getByRole('button', { name: 'Login as Sofia Marin' }).click();
    await expect(page.getByText('Acting as Sofia Marin', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back to my account' }).click();
    await expect(page.getByText(/^Acting as/)).toHaveCount(0);
    await page.goto('/recentActivities/viewAllActivities');
    const list = page.getByRole('main');
    await expect(list.getByText(/took attendance of the lesson Private Lesson: Lily Chen/).first()).toBeVisible();
    await expect(list.getByText(/signed in as Sofia Marin/).first()).toBeVisible();
    await page.getByLabel('Hide login-as entries').check();
    await expect(list.getByText(/signed in as Sofia Marin/)).toHaveCount(0);
    await expect(list.getByText(/took attendance of the lesson/).first()).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
  });
}
