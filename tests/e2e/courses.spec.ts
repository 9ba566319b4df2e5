/**
 * Courses (issue 13): Sofia Marin (a teacher) adds a course with a cover image she uploads and a
 * rich-text lesson with a video and an attachment from the Library (the keyboard diagram, never
 * shared with Lily); it waits on Approve Course; the admin approves it and gives it to Lily Chen;
 * Lily opens the lesson, previews and downloads the attachment, and marks it done; Sofia sees
 * Lily's progress. A rejected course shows its reason to the teacher. Axe on every new page, and
 * the pages on a phone. Each test in a school of its own, with the demo's library and courses
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md): no earlier attempt's course.
 */
import type { Locator, Page } from '@playwright/test';
import { tinyPng } from '../../server/modules/library/index';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test } from './support/fixtures';
import { shoot } from './support/shots';


async function pick(page: Page, scope: Locator, label: string, typed: string, option: string, away: Locator) {
  const input = scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first();
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await away.click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function addCourse(page: Page, title: string, withCover = false) {
  await page.goto('/learning/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add course' });
  await dialog.getByRole('button', { name: 'Add course' }).click();
  await expect(dialog.getByText('Title is Required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Major scales, hands together, in every key.');
  await pick(page, dialog, 'Instrument', 'Pia', 'Piano', dialog.getByLabel('Title'));
  await dialog.getByRole('textbox', { name: 'Level' }).or(dialog.getByRole('combobox', { name: 'Level' })).first().click();
  await page.getByRole('option', { name: 'Beginner', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  if (withCover) {
    await expect(dialog.getByRole('button', { name: /Upload a cover image/ })).toBeEnabled();
    // The field's own file input (the system dialog cannot be driven): what the chooser would hand it.
    await dialog.locator('input[type="file"][accept*="image/png"]').setInputFiles({ name: 'Scales cover.png', mimeType: 'image/png', buffer: tinyPng(192, 96) });
    await expect(dialog.getByRole('img', { name: 'Cover: Scales cover.png' })).toBeVisible();
    await expectNoViolations(page);
    await shoot(page, 'course-form-cover-1440.png');
  }
  await dialog.getByRole('button', { name: 'Add course' }).click();
  await expect(page.getByText('Course added: it waits for the school’s approval')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a teacher’s course is approved, given to Lily, and Lily marks its lesson done', async ({ page, school }) => {
  test.slow();
  const COURSE = 'Scales Workout';
  await page.setViewportSize({ width: 1440, height: 900 });

  await signInWithApi(page, school.login('teacher'), { at: '/learning/courses' });
  await expect(page.getByRole('article', { name: 'Music Theory Basics' })).toContainText('Provider course');
  await expectNoViolations(page);
  await shoot(page, 'courses-1440.png', { fullPage: true });
  await addCourse(page, COURSE, true);
  await expect(page.getByText('Waiting for approval').first()).toBeVisible();
  await expect(page.getByTestId('course-cover')).toBeVisible();

  await page.getByRole('button', { name: 'Add lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add lesson' });
  await dialog.getByLabel('Video link').fill('https://example.com/not-a-video');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('Lesson Title is Required')).toBeVisible();
  await expect(dialog.getByText('Please enter a YouTube or Vimeo video link')).toBeVisible();
  await dialog.getByLabel('Lesson Title').fill('C major, two octaves');
  await dialog.getByRole('textbox', { name: 'Lesson text' }).click();
  await page.keyboard.type('Play slowly with a metronome at 60.');
  await dialog.getByLabel('Video link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  // The staff's diagram, marked for teachers: Sofia may attach it; it was never shared with Lily.
  await pick(page, dialog, 'Attachments', 'Keyboard', 'Keyboard diagram.png (Image)', dialog.getByLabel('Lesson Title'));
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(page.getByText('Lesson added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Lesson 1: C major, two octaves' })).toBeVisible();
  await expectNoViolations(page);

  // The admin approves it and gives it to Lily.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('admin'), { at: '/learning/approve-course' });
  await expect(page.getByRole('heading', { level: 1, name: 'Approve Course' })).toBeVisible();
  await expect(page.getByText(/\d+ approved, \d+ not approved/)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(COURSE.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText('Sofia Marin');
  await expectNoViolations(page);
  await shoot(page, 'approve-course-1440.png', { fullPage: true });
  await row.getByRole('button', { name: `Approve ${COURSE}` }).click();
  await expect(page.getByText('Course approved')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto('/learning/courses');
  await page.getByRole('link', { name: `Open ${COURSE}` }).click();
  await expect(page).toHaveURL(/\/learning\/course_detail\//);
  const assign = page.getByRole('form', { name: 'Assign course' });
  await pick(page, assign, 'Students', 'Lily', 'Lily Chen', page.getByRole('heading', { name: 'Assigned students and progress' }));
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Course assigned')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Progress per student' })).toContainText('Lily Chen');
  await expectNoViolations(page);

  // The lesson's own page (the office's route).
  await page.getByRole('button', { name: 'Lesson 1: C major, two octaves' }).click();
  // Opened (its player mounts only then) before its link is followed: a click while the panel was
  // still unfolding, on a busy machine, once left the page where it was.
  const opened = page.getByRole('region', { name: 'Lesson 1: C major, two octaves' });
  await expect(opened.locator('iframe[title="Video: C major, two octaves"]')).toBeVisible();
  await opened.getByRole('link', { name: 'Open lesson page' }).click();
  await expect(page).toHaveURL(/\/learning\/lesson_details\//);
  await expect(page.getByRole('heading', { level: 1, name: 'C major, two octaves' })).toBeVisible();
  await expect(page.locator('iframe[title="Video: C major, two octaves"]')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
  await expectNoViolations(page);

  // Lily sees it, opens the lesson and marks it done.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('student'), { at: '/learning/courses' });
  await page.getByRole('link', { name: `Open ${COURSE}` }).click();
  await expect(page).toHaveURL(/\/learning\/lessons\//);
  await expect(page.getByText('0 of 1 lessons done')).toBeVisible();
  await page.getByRole('button', { name: 'Lesson 1: C major, two octaves' }).click();
  await expect(page.getByText('Play slowly with a metronome at 60.')).toBeVisible();
  await expect(page.getByTestId('course-cover')).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'lesson-student-1440.png', { fullPage: true });
  // The course opens its attachment to her: a preview, and a download.
  await page.getByRole('button', { name: 'Preview Keyboard diagram.png' }).click();
  const preview = page.getByRole('dialog', { name: 'Keyboard diagram.png' });
  const image = preview.getByRole('img', { name: 'Keyboard diagram.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await expectNoViolations(page);
  await shoot(page, 'lesson-attachment-preview-1440.png');
  const href = await preview.getByRole('link', { name: /Download/ }).getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Mark C major, two octaves as done' }).click();
  await expect(page.getByText('Lesson marked as done')).toBeVisible();
  await expect(page.getByText('1 of 1 lessons done')).toBeVisible();

  // Sofia sees Lily's progress.
  await page.context().clearCookies();
  await signInWithApi(page, school.login('teacher'), { at: '/learning/courses' });
  await page.getByRole('link', { name: `Open ${COURSE}` }).click();
  await expect(page.getByRole('progressbar', { name: 'Lily Chen: 1 of 1 lessons done' })).toBeVisible();
});

test('a rejected course shows the teacher why', async ({ page, school }) => {
  test.slow();
  const COURSE = 'Arpeggios';
  await signInWithApi(page, school.login('teacher'));
  await addCourse(page, COURSE);

  await page.context().clearCookies();
  await signInWithApi(page, school.login('admin'), { at: '/learning/approve-course' });
  const row = page.getByRole('row', { name: new RegExp(COURSE.replace(/[()]/g, '\\$&')) });
  await row.getByRole('button', { name: `Reject ${COURSE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${COURSE}` });
  await dialog.getByRole('button', { name: 'Reject course' }).click();
  await expect(dialog.getByText('Reason is Required')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByLabel('Reason').fill('Please add at least one lesson.');
  await dialog.getByRole('button', { name: 'Reject course' }).click();
  await expect(page.getByText('Course rejected: the teacher is told why by email')).toBeVisible();

  await page.context().clearCookies();
  await signInWithApi(page, school.login('teacher'), { at: '/learning/courses' });
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await page.getByRole('link', { name: `Open ${COURSE}` }).click();
  await expect(page.getByText('Reason: Please add at least one lesson.')).toBeVisible();
});

test('the courses fit a phone', async ({ page, school }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithApi(page, school.login('student'), { at: '/learning/courses' });
  const theory = page.getByRole('article', { name: 'Music Theory Basics' });
  await expect(theory).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'courses-390.png', { fullPage: true });
  await theory.getByRole('link', { name: 'Open Music Theory Basics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Music Theory Basics' })).toBeVisible();
  await page.getByRole('button', { name: 'Lesson 1: Notes on the staff' }).click();
  await expect(page.getByRole('button', { name: /Mark Notes on the staff as/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'course-student-390.png', { fullPage: true });

  // A covered course, and a lesson with the demo's attachment (the scales sheet), on the phone.
  await page.goto('/learning/courses');
  await page.getByRole('link', { name: 'Open Piano Foundations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Piano Foundations' })).toBeVisible();
  await expect(page.getByTestId('course-cover')).toBeVisible();
  await page.getByRole('button', { name: 'Lesson 3: Five-finger pattern in C' }).click();
  await expect(page.getByRole('button', { name: 'Preview Scales practice sheet.pdf' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await shoot(page, 'lesson-attachment-390.png', { fullPage: true });
});
