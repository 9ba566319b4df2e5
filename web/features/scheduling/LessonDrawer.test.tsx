import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_MESSAGES, type LessonDetails } from '../../../shared/contracts/scheduling';
import { fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { LessonDrawer } from './LessonDrawer';
import { CREDIT, IDS, LILY, OWEN, lessonDetails, pickerAnswers } from './lessonFixtures';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const is = (name: string) => (c: Call) => c.url.endsWith(`/scheduling/${name}`);

function open(lesson: LessonDetails, handle: (call: Call) => Answer | undefined = () => undefined, canBookMakeup = true) {
  const onClose = vi.fn();
  const calls = fakeServer((c) => (is('getLesson')(c) ? { data: lesson } : handle(c)), pickerAnswers);
  renderWithApp(<LessonDrawer lessonId={lesson._id} onClose={onClose} canBookMakeup={canBookMakeup} />);
  return { calls, onClose };
}

describe('LessonDrawer', () => {
  it('shows the lesson in the school\'s time with its people, repeat rule and notes', async () => {
    sessionAs('admin');
    const { calls } = open(lessonDetails({ studentAttendance: [{ studId: LILY, status: 'late' }, { studId: OWEN, status: null }], attendanceTaken: true }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mon, Nov 23, 2026, 4:00 PM – 4:30 PM')).toBeTruthy();
    expect(within(dialog).getByText('Studio A')).toBeTruthy();
    expect(within(dialog).getByText('Sofia Marin')).toBeTruthy();
    expect(within(dialog).getByText('Late')).toBeTruthy();
    expect(within(dialog).getByText('Attendance not taken')).toBeTruthy();
    expect(within(dialog).getByText('Every week on Monday')).toBeTruthy();
    expect(within(dialog).getByText('Bring the Czerny book')).toBeTruthy();
    expect(within(dialog).getByText('Attendance taken')).toBeTruthy();
    expect(calls.find(is('getLesson'))?.body).toEqual({ id: IDS.lesson });
    for (const name of ['Edit', 'Take attendance', 'Cancel lesson', 'Delete']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();
  });

  it('offers a family only Cancel on its own lesson, and shows type, room and teacher when the detail is hidden', async () => {
    sessionAs('student');
    open(lessonDetails({ canEdit: false, canCancel: true, detail: false, studentAttendance: [] }), undefined, false);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Cancel lesson' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Take attendance' })).toBeNull();
    expect(within(dialog).queryByText('Lily Chen')).toBeNull();
    expect(within(dialog).getAllByText('Piano 30').length).toBeGreaterThan(0);
    // docs/domains/scheduling.md "Who may do what" hides only the class/group and the students: the teacher's name shows (issue 10).
    expect(within(dialog).getByText('Sofia Marin')).toBeTruthy();
  });

  it('cancels and banks a lesson of a series, and says what each student got', async () => {
    sessionAs('admin');
    const { calls } = open(lessonDetails({ studentAttendance: [{ studId: LILY, status: null }, { studId: OWEN, status: null }] }), (c) =>
      is('cancelLesson')(c)
        ? {
            message: SCHEDULING_MESSAGES.lessonBanked,
            data: {
              cancelled: 1,
              bank: [
                { student: LILY, credited: true, reason: null, expiresAt: '2026-12-23' },
                { student: OWEN, credited: false, reason: 'Owen Chen already holds 3 credits', expiresAt: null },
              ],
            },
          }
        : undefined);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel lesson' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));
    expect(await within(dialog).findByText('Reason is Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Teacher is ill' } });
    fireEvent.click(within(dialog).getByLabelText(/^Bank this lesson/));
    fireEvent.click(within(dialog).getByLabelText('Grant a credit even outside the rules'));
    fireEvent.click(within(dialog).getByLabelText('This and following'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));
    expect(await within(dialog).findByText('Lily Chen: credit until Dec 23, 2026')).toBeTruthy();
    expect(within(dialog).getByText('Owen Chen: no credit (Owen Chen already holds 3 credits)')).toBeTruthy();
    expect(calls.find(is('cancelLesson'))?.body).toEqual({ id: IDS.lesson, scope: 'following', cancelReason: 'Teacher is ill', bank: true, grantAnyway: true });
  });

  it('offers attendance only once the lesson has started', async () => {
    sessionAs('admin');
    open(lessonDetails({ start: '2099-01-05T16:00:00-05:00', end: '2099-01-05T16:30:00-05:00' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Take attendance' })).toBeNull();
  });

  it('gives a teacher no "grant anyway"', async () => {
    sessionAs('teacher');
    open(lessonDetails());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel lesson' }));
    fireEvent.click(within(dialog).getByLabelText(/^Bank this lesson/));
    expect(within(dialog).queryByLabelText('Grant a credit even outside the rules')).toBeNull();
  });

  it('shows a cancelled, banked lesson with Restore and Book make-up, which picks its credit', async () => {
    sessionAs('admin');
    // An evening school: the make-up starts at the next free hour within its hours.
    const banked = lessonDetails({ schoolHours: { dayStartsAt: '23:00', dayEndsAt: '23:59' } }, { cancelLesson: true, bankLesson: true, cancelReason: 'Snow day', bankedExpDate: '2026-12-23' });
    const { calls } = open(banked, (c) => {
      if (is('restoreLesson')(c)) return { message: SCHEDULING_MESSAGES.lessonRestored, data: {} };
      if (is('bookMakeup')(c)) return { message: SCHEDULING_MESSAGES.makeupBooked, data: {} };
      return undefined;
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Cancelled')).toBeTruthy();
    expect(within(dialog).getByText('Banked until Dec 23, 2026')).toBeTruthy();
    expect(within(dialog).getByText('Snow day')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel lesson' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.find(is('restoreLesson'))?.body).toEqual({ id: IDS.lesson }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Book make-up' }));
    const credit = selectInput(within(dialog), 'Make-up credit') as HTMLInputElement;
    await waitFor(() => expect(credit.value).toBe('Lily Chen: Piano 30 on Nov 23, 2026 (until Dec 23, 2026)'));
    await waitFor(() => expect((selectInput(within(dialog), 'Lesson type') as HTMLInputElement).value).toBe('Piano 30'));
    expect((within(dialog).getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('23:00');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-11-30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '17:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book make-up' }));
    await waitFor(() => expect(calls.find(is('bookMakeup'))?.body).toEqual({
      creditId: CREDIT._id, teacherId: IDS.teacher, lessonTypeId: IDS.private, roomId: IDS.room, date: '2026-11-30', startTime: '17:00', durationMinutes: 30, allowRoomConflict: false,
    }));
  });

  it('takes attendance for each student, with a note each and whether the family sees it', async () => {
    sessionAs('teacher');
    const { calls } = open(lessonDetails({ studentAttendance: [{ studId: LILY, status: null }, { studId: OWEN, status: 'late', note: 'Bring the book', noteShared: true }] }), (c) =>
      is('takeAttendance')(c) ? { message: SCHEDULING_MESSAGES.attendanceSaved, data: {} } : undefined);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Take attendance' }));
    expect((selectInput(within(dialog), 'Attendance of Owen Chen') as HTMLInputElement).value).toBe('Late');
    fireEvent.click(selectInput(within(dialog), 'Attendance of Lily Chen'));
    fireEvent.click(await screen.findByRole('option', { name: 'Absent' }));
    expect((within(dialog).getByLabelText('Note for Owen Chen') as HTMLTextAreaElement).value).toBe('Bring the book');
    expect((within(dialog).getByLabelText('Share with family: Owen Chen') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Note for Lily Chen'), { target: { value: ' Unwell, \nrest this week ' } });
    fireEvent.click(within(dialog).getByLabelText('Share with family: Owen Chen'));
    fireEvent.click(within(dialog).getByLabelText('Share with family: Lily Chen'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(calls.find(is('takeAttendance'))?.body).toEqual({
      lessonId: IDS.lesson,
      attendance: [
        { studentId: LILY._id, status: 'absent', note: 'Unwell, \nrest this week', noteShared: true },
        { studentId: OWEN._id, status: 'late', note: 'Bring the book', noteShared: false },
      ],
    }));
  });

  it('says why attendance could not be saved', async () => {
    sessionAs('teacher');
    open(lessonDetails(), (c) => (is('takeAttendance')(c) ? { status: 400, message: SCHEDULING_MESSAGES.attendanceNotYet } : undefined));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Take attendance' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save attendance' }));
    expect(await within(dialog).findByText(SCHEDULING_MESSAGES.attendanceNotYet)).toBeTruthy();
  });

  it('deletes this and the following lessons of a series', async () => {
    sessionAs('admin');
    const { calls, onClose } = open(lessonDetails(), (c) => (is('deleteLesson')(c) ? { message: SCHEDULING_MESSAGES.lessonDeleted, data: {} } : undefined));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Delete only this lesson or this and all following lessons?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'This and following' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find(is('deleteLesson'))?.body).toEqual({ id: IDS.lesson, scope: 'following' });
  });

  it('shows the server\'s refusal to delete', async () => {
    sessionAs('admin');
    open(lessonDetails({ seriesId: null }), (c) => (is('deleteLesson')(c) ? { status: 409, message: SCHEDULING_MESSAGES.lessonHasAttendance } : undefined));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(SCHEDULING_MESSAGES.lessonHasAttendance)).toBeTruthy();
  });

  it('says when the lesson is gone', async () => {
    sessionAs('admin');
    fakeServer((c) => (is('getLesson')(c) ? { status: 404, message: SCHEDULING_MESSAGES.lessonNotFound } : undefined), pickerAnswers);
    renderWithApp(<LessonDrawer lessonId={IDS.lesson} onClose={vi.fn()} canBookMakeup />);
    expect(await screen.findByText(SCHEDULING_MESSAGES.lessonNotFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
