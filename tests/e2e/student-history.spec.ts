/**
 * Teacher notes and the student's lesson history (issue 10): the teacher takes attendance with a
 * shared note, then the student's profile shows the lesson with the note; at 1440 and 390 px, with axe.
 */
import { expect, expectNoSidewaysScroll, expectNoViolations, lessonYesterday, signInWithApi, test } from './support/fixtures';
import { shoot } from './support/shots';

const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 }, time: '02:00', label: '2:00 AM' },
  { name: '390', size: { width: 390, height: 844 }, time: '03:00', label: '3:00 AM' },
] as const;

for (const { name, size, time, label } of WIDTHS) {
  test(`a teacher's shared note shows in the student's lesson history at ${name} px`, async ({ page, school }) => {
    // Yesterday's lesson (started whatever the hour of the run) waits under "Attendance to take",
    // in a school of its own (docs/decisions/064-each-browser-spec-on-its-own-school.md).
    const { studentId } = await lessonYesterday(page.request, time, school);
    await signInWithApi(page, school.login('teacher'));
    await page.setViewportSize(size);
    const waiting = page.getByRole('region', { name: /^Attendance to take/ });
    await waiting.getByRole('button', { name: new RegExp(`^Take attendance: .+, ${label} `) }).click();
    const form = page.getByRole('form', { name: 'Take attendance' });
    await expect(form).toBeVisible();
    const note = `Scales much better at ${label}.\nPractise bar 12.`;
    await form.getByRole('textbox', { name: 'Note for Lily Chen' }).fill(note);
    await form.getByRole('checkbox', { name: 'Share with family: Lily Chen' }).check();
    await expectNoViolations(page);
    await shoot(page, `attendance-note-${name}.png`, { caret: 'hide', animations: 'disabled' });
    await form.getByRole('button', { name: 'Save attendance' }).click();
    await expect(form).toBeHidden();

    await page.goto(`/member/student/${studentId}`);
    const history = page.getByRole('region', { name: 'Lesson history' });
    const line = history.getByRole('listitem').filter({ hasText: `Scales much better at ${label}.` });
    await expect(line).toBeVisible();
    await expect(line).toContainText('Present');
    await expect(line).toContainText('Sofia Marin');
    await expect(line).toContainText('Note (shared with family):');
    await expect(history.getByText(/make-up credit/i).first()).toBeVisible();
    await line.scrollIntoViewIfNeeded();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, `student-history-${name}.png`, { caret: 'hide', animations: 'disabled' });
  });
}
