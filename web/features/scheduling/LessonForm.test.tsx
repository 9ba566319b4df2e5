import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_MESSAGES } from '../../../shared/contracts/scheduling';
import { fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { LessonForm } from './LessonForm';
import { IDS, lessonDetails, pickerAnswers } from './lessonFixtures';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const server = (handle: (call: Call) => Answer | undefined) => fakeServer(handle, pickerAnswers);
const isAdd = (c: Call) => c.url.endsWith('/scheduling/addLesson');
const isUpdate = (c: Call) => c.url.endsWith('/scheduling/updateLesson');
const START = { date: '2026-11-23', startTime: '16:00' };

async function pick(label: string, option: string) {
  fireEvent.click(selectInput(screen, label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function renderAdd(onDone = vi.fn()) {
  renderWithApp(<LessonForm mode="add" start={START} onDone={onDone} onCancel={vi.fn()} />);
  return onDone;
}

async function fillPrivateLesson() {
  await pick('Teacher', 'Sofia Marin');
  await pick('Lesson type', 'Piano 30');
  await pick('Students', 'Lily Chen');
}

describe('LessonForm (add)', () => {
  it('shows the contract\'s messages before sending anything', async () => {
    sessionAs('admin');
    const calls = server(() => undefined);
    renderAdd();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText('Teacher is Required')).toBeTruthy();
    expect(screen.getByText('Lesson type is Required')).toBeTruthy();
    expect(calls.some(isAdd)).toBe(false);
    expect(screen.getByText('A lesson lasts at least 5 minutes')).toBeTruthy();
    // Choosing a type fills in its length, and the length's message goes.
    await pick('Lesson type', 'Piano 30');
    await waitFor(() => expect(screen.queryByText('A lesson lasts at least 5 minutes')).toBeNull());
    expect(screen.queryByText('Lesson type is Required')).toBeNull();
  });

  it('prefills the duration from the lesson type and sends a weekly private lesson', async () => {
    sessionAs('admin');
    const calls = server((c) => (isAdd(c) ? { message: SCHEDULING_MESSAGES.lessonAdded, data: {} } : undefined));
    const onDone = renderAdd();
    await fillPrivateLesson();
    expect((screen.getByLabelText(/^Duration/) as HTMLInputElement).value).toBe('30');
    await pick('Room', 'Studio A');
    await pick('Repeats', 'Every week');
    fireEvent.click(screen.getByLabelText('After a number of lessons'));
    fireEvent.change(screen.getByLabelText(/^Number of lessons/), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Scales first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find(isAdd)?.body).toEqual({
      teacherId: IDS.teacher, lessonTypeId: IDS.private, roomId: IDS.room, studentIds: [IDS.student], classGroupId: null,
      date: '2026-11-23', startTime: '16:00', durationMinutes: 30, repeat: 'weekly', ends: 'count', untilDate: null, count: 10,
      notes: 'Scales first', allowRoomConflict: false,
    });
  });

  it('asks for the class/group, not students, for a group lesson type', async () => {
    sessionAs('admin');
    const calls = server((c) => (isAdd(c) ? { data: {} } : undefined));
    renderAdd();
    await pick('Teacher', 'Sofia Marin');
    await pick('Lesson type', 'Ensemble');
    expect(screen.queryAllByLabelText(/^Students/)).toHaveLength(0);
    expect((screen.getByLabelText(/^Duration/) as HTMLInputElement).value).toBe('60');
    await pick('Class/Group', 'Jazz Combo');
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    await waitFor(() => expect(calls.find(isAdd)?.body).toMatchObject({ classGroupId: IDS.group, studentIds: [], lessonTypeId: IDS.ensemble }));
  });

  it('asks for the end date of a lesson that repeats until a date', async () => {
    sessionAs('admin');
    server(() => undefined);
    renderAdd();
    await fillPrivateLesson();
    await pick('Repeats', 'Every other week');
    fireEvent.click(screen.getByLabelText('On a date'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText('End date is Required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText('End date must be on or after the first lesson')).toBeTruthy();
  });

  it('puts the server\'s field messages under the fields', async () => {
    sessionAs('admin');
    server((c) => (isAdd(c) ? { status: 400, message: SCHEDULING_MESSAGES.studentsNotInSchool, errors: { studentIds: SCHEDULING_MESSAGES.studentsNotInSchool } } : undefined));
    renderAdd();
    await fillPrivateLesson();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText(SCHEDULING_MESSAGES.studentsNotInSchool)).toBeTruthy();
  });

  it('shows a room clash and lets the office book anyway', async () => {
    sessionAs('admin');
    const message = 'Studio A is booked from 4:00 PM to 4:30 PM (Piano 30 with Owen Chen)';
    const calls = server((c) => {
      if (!isAdd(c)) return undefined;
      return c.body?.allowRoomConflict ? { message: SCHEDULING_MESSAGES.lessonAdded, data: {} } : { status: 409, message, errors: { roomId: message } };
    });
    const onDone = renderAdd();
    await fillPrivateLesson();
    await pick('Room', 'Studio A');
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter(isAdd).map((c) => c.body?.allowRoomConflict)).toEqual([false, true]);
  });

  it('offers no override for a teacher clash, nor to a teacher', async () => {
    sessionAs('admin');
    const message = 'Sofia Marin already teaches from 4:00 PM to 4:30 PM';
    server((c) => (isAdd(c) ? { status: 409, message } : undefined));
    renderAdd();
    await fillPrivateLesson();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book anyway' })).toBeNull();
  });

  it('makes a teacher the teacher of their lessons', async () => {
    const me = sessionAs('teacher', null, { _id: IDS.teacher, first_name: 'Sofia', last_name: 'Marin' });
    const room = 'Studio A is booked then';
    const calls = server((c) => (isAdd(c) ? { status: 409, message: room, errors: { roomId: room } } : undefined));
    renderAdd();
    expect(screen.queryAllByLabelText(/^Teacher/)).toHaveLength(0);
    expect(screen.getByText('Sofia Marin (you)')).toBeTruthy();
    await pick('Lesson type', 'Piano 30');
    await pick('Students', 'Lily Chen');
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    expect(await screen.findByText(room)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book anyway' })).toBeNull();
    expect(calls.find(isAdd)?.body).toMatchObject({ teacherId: me._id });
  });
});

describe('LessonForm (edit)', () => {
  it('fills in the lesson, hides the repeat fields and asks which lessons change', async () => {
    sessionAs('admin');
    const calls = server((c) => (isUpdate(c) ? { message: SCHEDULING_MESSAGES.lessonUpdated, data: {} } : undefined));
    const onDone = vi.fn();
    renderWithApp(<LessonForm mode="edit" lesson={lessonDetails()} onDone={onDone} onCancel={vi.fn()} />);
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('16:00');
    expect(screen.queryByLabelText('Repeats')).toBeNull();
    await waitFor(() => expect((selectInput(screen, 'Teacher') as HTMLInputElement).value).toBe('Sofia Marin'));
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '17:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const question = await screen.findByRole('group', { name: 'Which lessons' });
    expect(within(question).getByText('Change only this lesson or this and all following lessons?')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'This and following' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // A partial update: only what changed travels (issue 10).
    expect(calls.find(isUpdate)?.body).toEqual({ id: IDS.lesson, scope: 'following', startTime: '17:15', allowRoomConflict: false });
  });

  it('saves a single lesson without asking, sending nothing it did not change', async () => {
    sessionAs('admin');
    const calls = server((c) => (isUpdate(c) ? { data: {} } : undefined));
    renderWithApp(<LessonForm mode="edit" lesson={lessonDetails({ seriesId: null })} onDone={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find(isUpdate)?.body).toEqual({ id: IDS.lesson, scope: 'this', allowRoomConflict: false }));
  });

  it('lets a teacher change the notes alone, the students staying as they are', async () => {
    sessionAs('teacher');
    const calls = server((c) => (isUpdate(c) ? { data: {} } : undefined));
    renderWithApp(<LessonForm mode="edit" lesson={lessonDetails({ seriesId: null })} onDone={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Scales in G' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find(isUpdate)?.body).toEqual({ id: IDS.lesson, scope: 'this', notes: 'Scales in G', allowRoomConflict: false }));
  });
});
