/**
 * Practice (issue 13): Sofia assigns a piece to Lily, who ticks it off and sees it counted; the
 * sidebar's Practice Timer runs, survives a reload, pauses and stops with the documented texts
 * (docs/domains/learning.md "Rules", "Messages"); a teacher has no timer, an admin acting as a student has it. Axe on every
 * new page; the pages at 1440 and 390 px for a person to look at.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

const timerOf = (page: Page) => page.getByRole('region', { name: 'Practice Timer' });
const clockOf = (page: Page) => page.getByTestId('practice-timer-clock');
/** A Mantine Select or MultiSelect input: a combobox, or a textbox in some versions. */
const pickerOf = (page: Page, label: string) =>
  page.getByRole('combobox', { name: label, exact: true }).or(page.getByRole('textbox', { name: label, exact: true })).first();

test('a teacher assigns practice, the student ticks it off and sees it counted', async ({ page, school }) => {
  test.slow();
  // In a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md): no other spec's piece or song.
  const PIECE = 'Sonatina in C';
  await signInWithApi(page, school.login('teacher'));
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(timerOf(page)).toHaveCount(0);
  await page.goto('/learning/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Practice assignments' }).getByRole('row', { name: /Für Elise/ })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('link', { name: 'Assign practice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assign Practice' })).toBeVisible();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Please choose students or a class/group')).toBeVisible();
  await expect(page.getByText('Song or piece is Required')).toBeVisible();
  await expectNoViolations(page);
  await pickerOf(page, 'Students').fill('Lily');
  await page.getByRole('option', { name: 'Lily Chen' }).click();
  await page.getByLabel('Song or piece 1', { exact: true }).fill(PIECE);
  await page.getByLabel('Composer / artist 1', { exact: true }).fill('Muzio Clementi');
  await page.getByLabel('Instructions').fill('Two pages, slowly, with the metronome.');
  await page.getByLabel('Minutes per day').fill('25');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Practice assigned successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/learning\/practice$/);
  const row = page.getByRole('row', { name: new RegExp(PIECE.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText('Lily Chen');
  await expect(row).toContainText('0 of 1 done');
  await row.getByRole('link', { name: /^View practice/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Details' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Songs or pieces' })).toContainText(PIECE);
  await expectNoViolations(page);

  // Lily ticks it off on her practice page, and the counts follow.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('student'), { at: '/learning/practice' });
  await expect(page.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();
  const subtitle = page.getByText(/\d+ complete · \d+ incomplete/);
  await expect(subtitle).toBeVisible();
  const before = Number((await subtitle.innerText()).match(/^(\d+) complete/)![1]);
  await expectNoViolations(page);
  const card = page.getByRole('article').filter({ hasText: PIECE });
  const tick = card.getByRole('checkbox', { name: `${PIECE} — Muzio Clementi` });
  await tick.click();
  await expect(tick).toBeChecked();
  await expect(card.getByText('Complete', { exact: true })).toBeVisible();
  await expect(subtitle).toContainText(`${before + 1} complete`);
  await page.getByRole('radiogroup', { name: 'Which assignments' }).getByText('Complete', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Complete', exact: true })).toBeChecked();
  await expect(page.getByRole('article').filter({ hasText: PIECE })).toBeVisible();

  await page.getByRole('link', { name: 'My practice report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student Practice' })).toBeVisible();
  await expect(page.getByText('Current streak')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Minutes practised per day' })).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/favourite');
  await expect(page.getByRole('row', { name: /Clair de Lune/ })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a favourite song' });
  await form.getByLabel('Link').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add song' }).click();
  await expect(form.getByText('Song Title is Required')).toBeVisible();
  await expect(form.getByText('Please enter a link starting with http:// or https://')).toBeVisible();
  await form.getByLabel('Song Title').fill('Moon River');
  await form.getByLabel('Artist').fill('Henry Mancini');
  await form.getByLabel('Link').fill('https://en.wikipedia.org/wiki/Moon_River');
  await form.getByRole('button', { name: 'Add song' }).click();
  await expect(page.getByRole('row', { name: /Moon River/ })).toBeVisible();
  await expectNoViolations(page);
});

test('the practice timer runs, survives a reload, pauses and stops with the documented texts', async ({ page, school }) => {
  test.slow();
  await signInWithApi(page, school.login('student'));
  const timer = timerOf(page);
  await expect(timer).toBeVisible();
  await expect(clockOf(page)).toHaveText('0:00:00');
  await timer.getByRole('button', { name: 'Start' }).click();
  // It ticks every second: the clock moves on by itself.
  await expect(clockOf(page)).toHaveText(/^0:00:0[2-9]$/);
  await page.reload();
  await expect(timerOf(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(clockOf(page)).toHaveText(/^0:00:(0[3-9]|[1-5]\d)$/);
  await timerOf(page).getByRole('button', { name: 'Pause' }).click();
  await expect(timerOf(page).getByRole('button', { name: 'Resume' })).toBeVisible();
  const paused = await clockOf(page).innerText();
  await page.reload();
  await expect(timerOf(page).getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(clockOf(page)).toHaveText(paused);

  await timerOf(page).getByRole('button', { name: 'Stop' }).click();
  const ask = page.getByRole('dialog', { name: 'Stop Practice timer' });
  await expect(ask.getByText('Are you sure that you want to stop Practice timer?')).toBeVisible();
  await expectNoViolations(page);
  await ask.getByRole('button', { name: 'No' }).click();
  await expect(ask).toBeHidden();
  await expect(clockOf(page)).toHaveText(paused);
  await timerOf(page).getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('dialog', { name: 'Stop Practice timer' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Congratulations, you practiced ${paused} for today.`)).toBeVisible();
  await expect(clockOf(page)).toHaveText('0:00:00');
  await expect(timerOf(page).getByRole('button', { name: 'Start' })).toBeVisible();
});

test('the running timer shows in the header at 1440 and 390 px, with its time and a stop button', async ({ page, school }) => {
  test.slow();
  await signInWithApi(page, school.login('student'));
  const header = page.getByRole('banner');
  const running = header.getByRole('group', { name: 'Running practice timer' });
  await expect(timerOf(page)).toBeVisible();
  // Not running: nothing in the header.
  await expect(running).toHaveCount(0);
  await timerOf(page).getByRole('button', { name: 'Start' }).click();
  await expect(running.getByRole('timer')).toHaveText(/^0:00:0[1-9]$/);
  await expect(running.getByRole('button', { name: 'Stop the practice timer' })).toBeVisible();
  await expectNoViolations(page);

  // On a phone the sidebar hides behind the burger; the header still shows the time, ticking.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Show navigation' })).toBeVisible();
  await expect(timerOf(page)).not.toBeInViewport();
  await expect(running.getByRole('timer')).toBeInViewport();
  // Profile and Logout stay within reach beside it.
  await expect(header.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('link', { name: 'Profile' })).toBeInViewport({ ratio: 1 });
  const before = await running.getByRole('timer').innerText();
  await expect(running.getByRole('timer')).not.toHaveText(before);
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'header-timer-390.png', { caret: 'hide', animations: 'disabled' });

  await running.getByRole('button', { name: 'Stop the practice timer' }).click();
  await page.getByRole('dialog', { name: 'Stop Practice timer' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/^Congratulations, you practiced 0:00:\d\d for today\.$/)).toBeVisible();
  await expect(running).toHaveCount(0);
});

test('an admin acting as a student has the timer; a parent reads a child’s practice', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  await expect(timerOf(page)).toHaveCount(0);
  const card = page.getByRole('region', { name: 'Login as' });
  await card.getByLabel('Search people').fill('Owen');
  await card.getByRole('button', { name: 'Login as Owen Chen' }).click();
  await expect(page.getByText('Acting as Owen Chen', { exact: true })).toBeVisible();
  await expect(timerOf(page)).toBeVisible();
  await expect(clockOf(page)).toHaveText('0:00:00');
  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(timerOf(page)).toHaveCount(0);

  await page.context().clearCookies();
  await signInWithApi(page, school.login('parent'));
  await expect(timerOf(page)).toHaveCount(0);
  await page.goto('/reporting/student-practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Practice' })).toBeVisible();
  await expect(pickerOf(page, 'Child')).toHaveValue('Lily Chen');
  await expect(page.getByText('Longest streak')).toBeVisible();
  await expectNoViolations(page);
});

test('the practice pages at 1440 and 390 px', async ({ page, school }) => {
  test.slow();
  const shootPage = async (name: string) => {
    await waitForIdle(page);
    await shoot(page, `${name}.png`, { fullPage: true, caret: 'hide', animations: 'disabled' });
  };
  await signInWithApi(page, school.login('student'));
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/learning/practice');
    await expect(page.getByRole('article').first()).toBeVisible();
    await shootPage(`practice-student-${width}`);
    await page.goto('/reporting/student-practice');
    await expect(page.getByRole('img', { name: 'Minutes practised per day' })).toBeVisible();
    await shootPage(`student-practice-report-${width}`);
    await page.goto('/favourite');
    await expect(page.getByRole('row', { name: /Clair de Lune/ })).toBeVisible();
    await shootPage(`favourite-songs-${width}`);
  }
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithApi(page, school.login('teacher'));
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/learning/practice');
    await expect(page.getByRole('row', { name: /Für Elise/ })).toBeVisible();
    await shootPage(`practice-teacher-${width}`);
    await page.goto('/learning/assign-practice');
    await expect(page.getByLabel('Song or piece 1', { exact: true })).toBeVisible();
    await shootPage(`assign-practice-${width}`);
  }
});
