/**
 * A school's people: the admin adds a teacher and a student with a new parent, finds them, the
 * student's invitation arrives; levels change from the list; a teacher sees only their own
 * students; a parent exactly their children; students come in from a CSV file (a bad row is
 * shown and skipped) and go out as one, and teachers come in from a TutorBird export. Each test in a school of its own
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { IMPORT_COLUMNS } from '../../shared/contracts/members';
import { clearMailbox, expect, expectNoViolations, followMenuLink, signInWithApi, test, waitForIdle, waitForMail, type School } from './support/fixtures';
import { APP_URL } from './support/constants';
import { shoot } from './support/shots';

/**
 * A new person of the school's: usernames are the whole app's (one each), so theirs end as the
 * school's demo people's do (`admin-e3`, decision 064), and so do their emails.
 */
function newPerson(school: School, first: string, last: string, username: string, email: string) {
  return { first, last, username: school.login('admin').replace(/^admin/, username), email: school.email(email) };
}

async function openList(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await waitForIdle(page);
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await waitForIdle(page);
}

/** The rows of the list table, by first name link. */
const rowOf = (page: Page, first: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: first, exact: true }) });

async function pickOption(page: Page, label: string, option: string, scope = page.getByRole('dialog').first()) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin adds a teacher with an instrument and pay rates, and finds them', async ({ page, school }) => {
  const TEACHER = newPerson(school, 'Ravi', 'Shankar', 'ravishankar', 'ravi@riverside.example');
  await signInWithApi(page, school.login('admin'));
  await followMenuLink(page, 'Teachers', 'Members');
  await expect(page).toHaveURL(`${APP_URL}/member/teachers`);
  await expect(page.getByRole('heading', { name: 'Teachers', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Teacher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Teacher' });
  await expect(dialog.getByText('receives an email invitation to set their password')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog.getByText('First Name is Required')).toBeVisible();
  await dialog.getByLabel('Username').fill(school.login('teacher'));
  await expect(dialog.getByText('Username already exists')).toBeVisible();

  await dialog.getByLabel('First Name').fill(TEACHER.first);
  await dialog.getByLabel('Last Name').fill(TEACHER.last);
  await dialog.getByLabel('Username').fill(TEACHER.username);
  await expect(dialog.getByText('Username is available')).toBeVisible();
  await dialog.getByLabel('Email').fill(TEACHER.email);
  await dialog.getByRole('textbox', { name: 'Cell Phone' }).fill('2125550111');
  await pickOption(page, 'Instruments/Genres', 'Saxophone', dialog);
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Private lesson rate').fill('45.50');
  await dialog.getByLabel('Class/Group lesson rate').fill('20');
  await dialog.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(page.getByText('Teacher Added Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, 'Shankar');
  const row = rowOf(page, TEACHER.first);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Saxophone');
  await expect(row).toContainText(TEACHER.email);

  await row.getByRole('link', { name: TEACHER.first, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${TEACHER.first} ${TEACHER.last}` })).toBeVisible();
  await expect(page.getByText('$45.50')).toBeVisible();
  await expect(page.getByText('$20.00')).toBeVisible();
});

test('an admin adds a student with a new parent; the invitation arrives; both are in their lists', async ({ page, school }) => {
  const STUDENT = newPerson(school, 'Nora', 'Quinlan', 'noraquinlan', 'nora@riverside.example');
  const PARENT = newPerson(school, 'Declan', 'Quinlan', 'declanquinlan', 'declan@riverside.example');
  await clearMailbox();
  await signInWithApi(page, school.login('admin'));
  await openList(page, '/member/students', 'Students');
  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await dialog.getByLabel('First Name', { exact: true }).fill(STUDENT.first);
  await dialog.getByLabel('Last Name', { exact: true }).fill(STUDENT.last);
  await dialog.getByLabel('Username', { exact: true }).fill(STUDENT.username);
  await dialog.getByLabel('Email', { exact: true }).fill(STUDENT.email);

  await dialog.getByRole('button', { name: 'Add Instrument/Genre' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Instrument/Genre' });
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByText('Instrument/Genre is Required')).toBeVisible();
  await expect(modal.getByText('Level is Required')).toBeVisible();
  await pickOption(page, 'Instrument/Genre', 'Violin', modal);
  await pickOption(page, 'Level', 'Beginner', modal);
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(dialog.getByText('Violin', { exact: true })).toBeVisible();

  await dialog.getByRole('switch', { name: 'Add a new parent' }).check();
  await dialog.getByLabel('Parent First Name').fill(PARENT.first);
  await dialog.getByLabel('Parent Last Name').fill(PARENT.last);
  await dialog.getByLabel('Parent Username').fill(PARENT.username);
  await dialog.getByLabel('Parent Email').fill(PARENT.email);
  await dialog.getByRole('button', { name: 'Add Student' }).click();
  await expect(page.getByText('Student Added Successfully')).toBeVisible();

  await search(page, STUDENT.last);
  await expect(rowOf(page, STUDENT.first)).toContainText('Violin · Beginner');

  const mail = await waitForMail(STUDENT.email);
  expect(mail.text).toMatch(/\/acceptinvitation\/[\w-]+/);

  await openList(page, '/member/parents', 'Parents');
  await search(page, PARENT.last);
  await expect(rowOf(page, PARENT.first)).toContainText(`${STUDENT.first} ${STUDENT.last}`);
});

test('an admin changes a student’s level from the list', async ({ page, school }) => {
  await signInWithApi(page, school.login('admin'));
  await openList(page, '/member/students', 'Students');
  await search(page, 'Lily');
  await page.getByRole('button', { name: 'Instruments of Lily Chen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Instruments of Lily Chen' });
  await pickOption(page, 'Level of Piano', 'Advanced', dialog);
  await dialog.getByRole('button', { name: 'Save instruments' }).click();
  await expect(page.getByText('Instruments Updated Successfully')).toBeVisible();
  await expect(rowOf(page, 'Lily')).toContainText('Piano · Advanced');
});

test('a teacher sees only their own students, read-only', async ({ page, school }) => {
  await signInWithApi(page, school.login('teacher'));
  await openList(page, '/member/students', 'Students');
  // The first column links each student's first name to their profile.
  const firstNames = page.getByRole('table', { name: 'Students' }).locator('tbody tr td:first-child a');
  // Sofia teaches Lily, Mia, Lucas and Chloe; James O'Connor teaches the other six.
  await expect(firstNames.first()).toBeVisible();
  const shown = await firstNames.allInnerTexts();
  expect(shown).toEqual(expect.arrayContaining(['Chloe', 'Lily', 'Lucas', 'Mia']));
  for (const theirs of ['Owen', 'Ava', 'Noah', 'Oliver', 'Emma', 'Jack']) expect(shown).not.toContain(theirs);
  await expect(page.getByRole('button', { name: 'Add Student' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Instruments of Lily Chen' })).toBeVisible();
});

test('a parent sees exactly their children', async ({ page, school }) => {
  await signInWithApi(page, school.login('parent'));
  await expect(page).toHaveURL(`${APP_URL}/member/children`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Lily Chen' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Owen Chen' })).toBeVisible();
});

test('students come in from a CSV file, the bad row shown and skipped, and go out as one; teachers come in too', async ({ page, school }, testInfo) => {
  // Two imports and two lists in one school: the seeding is paid once (decision 064).
  test.slow();
  await signInWithApi(page, school.login('admin'));
  await openList(page, '/member/students', 'Students');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students from CSV' });
  await expect(dialog.getByRole('link', { name: 'Download a template CSV' })).toBeVisible();

  const iris = newPerson(school, 'Iris', 'Halvorsen', 'irishalvorsen', 'iris@riverside.example');
  const theo = newPerson(school, 'Theo', 'Halvorsen', 'theohalvorsen', 'theo@riverside.example');
  const csv = [
    IMPORT_COLUMNS.join(','),
    `Iris,Halvorsen,${iris.username},${iris.email},,Cello:beginner,,,,,`,
    `Theo,Halvorsen,${theo.username},${theo.email},,Piano:advanced,,,,,`,
    ',Nobody,nobodyatall,not-an-email,,,,,,,',
  ].join('\n');
  const file = testInfo.outputPath('students.csv');
  await writeFile(file, csv);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByText('2 rows ready, 1 with errors')).toBeVisible();
  const bad = dialog.locator('tr[data-invalid]');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('4');
  await expect(bad).toContainText('First Name is Required');
  await dialog.getByRole('button', { name: 'Import 2 students' }).click();
  await expect(page.getByText('2 students imported successfully')).toBeVisible();

  await search(page, 'Halvorsen');
  await expect(rowOf(page, 'Iris')).toContainText('Cello · Beginner');
  await expect(rowOf(page, 'Theo')).toContainText('Piano · Advanced');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await (await download).path();
  const text = await readFile(saved, 'utf8');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  expect(header).toContain('First Name');
  expect(header).toContain('Instruments');
  // The export follows the search on screen.
  expect(rows).toHaveLength(2);
  expect(rows.join('\n')).toContain('Iris');

  // Teachers come in the same way, from a TutorBird export here; an inactive one is marked (decision 095).
  await openList(page, '/member/teachers', 'Teachers');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const teachers = page.getByRole('dialog', { name: 'Import teachers from CSV' });
  await pickOption(page, 'Exported from', 'TutorBird', teachers);
  const tutorbird = [
    'First Name,Last Name,Email Address,Status',
    `Tessa,Quill,${school.email('tessa@riverside.example')},Active`,
    `Ivo,Quill,${school.email('ivo@riverside.example')},Inactive`,
    'Nils,Quill,,Active',
  ].join('\n');
  const teachersFile = testInfo.outputPath('teachers.csv');
  await writeFile(teachersFile, tutorbird);
  await teachers.locator('input[type="file"]').setInputFiles(teachersFile);
  await expect(teachers.getByText('2 rows ready, 1 with errors')).toBeVisible();
  await expect(teachers.getByText('Ready, inactive')).toBeVisible();
  await expect(teachers.locator('tr[data-invalid]')).toContainText('Email Address: Email is Required');
  await expectNoViolations(page);
  await shoot(page, 'import-teachers-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(teachers.getByText('Ready, inactive')).toBeVisible();
  await shoot(page, 'import-teachers-390.png');
  await teachers.getByRole('button', { name: 'Import 2 teachers' }).click();
  await expect(page.getByText('2 teachers imported successfully')).toBeVisible();
});
