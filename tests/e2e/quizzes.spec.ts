/**
 * Quizzes (issue 17): the superadmin writes a quiz with a staff question (drawn by VexFlow as an
 * SVG), previews it as a student and publishes it; Lily Chen takes it on /quizCategories and sees
 * her score with the explanation. Axe on every page; screenshots at 1440 and 390 px.
 * The quizzes are the provider's (the demo superadmin's, one for all schools): the category and the
 * quiz take names of the attempt's own, found by name; Lily is the test's own school's (decision 064).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, expectNoViolations, signInWithApi, test, waitForIdle } from './support/fixtures';
import { shoot } from './support/shots';

/** A Mantine Select: a textbox or a combobox, as its version renders it. */
const selectField = (scope: Locator, label: string) => scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first();
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await selectField(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('the superadmin writes and publishes a quiz with a staff question; Lily takes it and sees her score', async ({ page, browser, school }) => {
  test.slow();
  // Of one width, so that no attempt's name is the start of another's (names match as substrings).
  const run = randomUUID().slice(0, 8);
  const CATEGORY = `Sight Reading ${run}`;
  const QUIZ = `Lines of the Treble Staff ${run}`;

  await signInWithApi(page, 'superadmin', { at: '/quizzes' });
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Quizzes' }).getByRole('row', { name: /Rhythm Basics/ })).toContainText('Published');
  await expectNoViolations(page);
  await shoot(page, 'quizzes-list-1440.png', { fullPage: true });

  await page.getByRole('button', { name: 'Categories' }).click();
  const categories = page.getByRole('dialog', { name: 'Quiz categories' });
  await categories.getByLabel('Category Name').fill(CATEGORY);
  await categories.getByRole('button', { name: 'Add' }).click();
  await expect(categories.getByRole('table', { name: 'Quiz categories' })).toContainText(CATEGORY);
  await expectNoViolations(page);
  await categories.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Add quiz' }).click();
  const quizForm = page.getByRole('dialog', { name: 'Add quiz' });
  await quizForm.getByRole('button', { name: 'Add quiz' }).click();
  await expect(quizForm.getByText('Quiz Title is Required')).toBeVisible();
  await quizForm.getByLabel('Quiz Title').fill(QUIZ);
  await choose(page, quizForm, 'Category', CATEGORY);
  await quizForm.getByLabel('Description').fill('Name the notes on the lines.');
  await quizForm.getByRole('button', { name: 'Add quiz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add question' }).click();
  const questionForm = page.getByRole('dialog', { name: 'Add question' });
  await choose(page, questionForm, 'Question type', 'Name this note / key / chord (staff)');
  await questionForm.getByLabel('Question', { exact: true }).fill('Name this note.');
  await questionForm.getByLabel('Notes on the staff').fill('G4');
  await expect(questionForm.getByTestId('staff').locator('svg')).toBeVisible();
  await questionForm.getByLabel('Answer 1', { exact: true }).fill('E');
  await questionForm.getByLabel('Answer 2', { exact: true }).fill('G');
  await questionForm.getByLabel('Answer 3', { exact: true }).fill('B');
  await questionForm.getByRole('radio', { name: 'Answer 2 is correct' }).check();
  await questionForm.getByLabel('Explanation').fill('The second line of the treble staff is G.');
  await expectNoViolations(page);
  await shoot(page, 'quizzes-question-form-1440.png');
  await questionForm.getByRole('button', { name: 'Add question' }).click();
  await expect(questionForm).toBeHidden();
  const question = page.getByRole('region', { name: 'Question 1' });
  await expect(question.getByRole('img', { name: 'Staff of question 1' })).toBeVisible();
  await expect(question).toContainText('G (correct)');

  await page.getByRole('button', { name: 'Preview as a student' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview as a student' });
  await expect(preview.getByRole('img', { name: 'Staff of question 1' })).toBeVisible();
  await expect(preview).not.toContainText('(correct)');
  await expect(preview).not.toContainText('The second line of the treble staff is G.');
  await expectNoViolations(page);
  await preview.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Quiz Published Successfully')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await waitForIdle(page);
  await shoot(page, 'quizzes-editor-1440.png', { fullPage: true });

  // Lily Chen, in a browser of her own.
  const lilyContext = await browser.newContext();
  const lily = await lilyContext.newPage();
  await signInWithApi(lily, school.login('student'), { at: '/quizCategories' });
  await expect(lily.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  await lily.getByRole('group', { name: 'Category' }).getByText(new RegExp(CATEGORY)).click();
  const card = lily.getByRole('article', { name: QUIZ });
  await expect(card).toContainText('Not taken yet');
  await expectNoViolations(lily);
  await shoot(lily, 'quiz-categories-1440.png', { fullPage: true });

  await card.getByRole('button', { name: `Take ${QUIZ}` }).click();
  await expect(lily.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  await expect(lily.getByRole('img', { name: 'Staff of question 1' })).toBeVisible();
  await lily.getByRole('radio', { name: 'G', exact: true }).check();
  await expectNoViolations(lily);
  await shoot(lily, 'quiz-take-1440.png', { fullPage: true });
  await lily.getByRole('button', { name: 'Submit answers' }).click();
  await expect(lily.getByRole('heading', { name: 'Your score: 1 of 1 (100%)' })).toBeVisible();
  await expect(lily.getByRole('region', { name: 'Question 1: right' })).toContainText('The second line of the treble staff is G.');
  await expectNoViolations(lily);
  await shoot(lily, 'quiz-result-1440.png', { fullPage: true });

  // A phone: the list and the result fit without sideways scroll.
  await lily.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(lily);
  await shoot(lily, 'quiz-result-390.png', { fullPage: true });
  await lily.getByRole('button', { name: 'Back to quizzes' }).click();
  await expect(lily.getByRole('article', { name: QUIZ })).toContainText('Best 100% · Last 100% · 1 attempt');
  await expectNoSidewaysScroll(lily);
  await expectNoViolations(lily);
  await shoot(lily, 'quiz-categories-390.png', { fullPage: true });
  await lilyContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'quizzes-editor-390.png', { fullPage: true });
});
