import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventsAnswer } from '../../../shared/contracts/scheduling';
import { fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import CalendarPage from './CalendarPage';
import { IDS, pickerAnswers, scheduleEvent } from './lessonFixtures';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const isEvents = (c: Call) => c.url.endsWith('/scheduling/getEvents');
/** `end` is `days` after `start` on the school's calendar: a week or day with a clock change is an hour off 7 × 24 or 24 hours. */
const daysApart = ({ start, end }: { start: string; end: string }, days: number) => {
  const zone = 'America/New_York';
  expect(DateTime.fromISO(start, { zone }).toFormat('HH:mm')).toBe('00:00');
  expect(DateTime.fromISO(end, { zone }).toISO()).toBe(DateTime.fromISO(start, { zone }).plus({ days }).toISO());
};
const answer = (over: Partial<EventsAnswer> = {}): Answer => ({ data: { results: [], closures: [], timeZone: 'America/New_York', canCreate: true, defaultLessonMinutes: 45, schoolHours: { dayStartsAt: '08:00', dayEndsAt: '21:00' }, ...over } });

/** Events of the window asked for: one lesson on its first day at 4 pm school time (-04:00 in summer, -05:00 in winter). */
function lessonIn(body: Record<string, unknown> | undefined) {
  const day = String(body?.start).slice(0, 10);
  const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone: 'America/New_York' }).toISO({ suppressMilliseconds: true })!;
  return scheduleEvent({ start: at('16:00'), end: at('16:30') });
}

describe('CalendarPage', () => {
  it('asks for the week shown, in the school\'s zone, and draws its lessons', async () => {
    sessionAs('admin');
    const calls = fakeServer((c) => (isEvents(c) ? answer({ results: [lessonIn(c.body)] }) : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    expect((await screen.findAllByText('Lily Chen')).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.filter(isEvents).at(-1)?.body?.start).toMatch(/-0[45]:00$/));
    daysApart(calls.filter(isEvents).at(-1)!.body as { start: string; end: string }, 7);
    expect(screen.getByText('4:00pm - 4:30pm')).toBeTruthy();
    expect(screen.getByText("Times are in the school's time zone (America/New_York).")).toBeTruthy();
  });

  it('links to the calendar pages of the role and moves a week on', async () => {
    sessionAs('admin');
    const calls = fakeServer((c) => (isEvents(c) ? answer() : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    const nav = await screen.findByRole('navigation', { name: 'Calendar views' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Day' }).getAttribute('href')).toMatch(/^\/scheduling\/daily\?date=\d{4}-\d{2}-\d{2}$/));
    expect(within(nav).queryByRole('link', { name: 'Month' })).toBeNull();
    await waitFor(() => expect(calls.filter(isEvents).length).toBeGreaterThan(0));
    await screen.findByText('No lessons this week. Select a time on the calendar or use Add Lesson.');
    const before = calls.filter(isEvents).at(-1)!.body!.start as string;
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(Date.parse(calls.filter(isEvents).at(-1)!.body!.start as string) - Date.parse(before)).toBeGreaterThanOrEqual(6 * 86_400_000));
  });

  it('opens on the day of ?date, and the other views keep it', async () => {
    sessionAs('subadmin');
    const calls = fakeServer((c) => (isEvents(c) ? answer() : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly?date=2027-03-10' });
    await waitFor(() => expect(calls.filter(isEvents).at(-1)?.body?.start).toBe('2027-03-07T00:00:00-05:00'));
    expect(calls.filter(isEvents).at(-1)?.body?.end).toBe('2027-03-14T00:00:00-05:00');
    expect(screen.getByRole('link', { name: 'Month' }).getAttribute('href')).toBe('/scheduling/monthly?date=2027-03-07');
  });

  it('gives a student the week and month, no filters and no Add Lesson', async () => {
    sessionAs('student');
    fakeServer((c) => (isEvents(c) ? answer({ canCreate: false }) : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/monthly' });
    expect(await screen.findByText('No lessons this month.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Calendar views' });
    expect(within(nav).getByRole('link', { name: 'Week' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Month' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Day' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Lesson' })).toBeNull();
    expect(screen.queryByLabelText('Room')).toBeNull();
  });

  it('filters the staff\'s calendar by room and student', async () => {
    sessionAs('subadmin');
    const calls = fakeServer((c) => (isEvents(c) ? answer() : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/daily' });
    await screen.findByText(/No lessons this day/);
    fireEvent.click(selectInput(screen, 'Room'));
    fireEvent.click(await screen.findByRole('option', { name: 'Studio A' }));
    await waitFor(() => expect(calls.filter(isEvents).at(-1)?.body).toMatchObject({ roomId: IDS.room }));
    fireEvent.click(selectInput(screen, 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    await waitFor(() => expect(calls.filter(isEvents).at(-1)?.body).toMatchObject({ roomId: IDS.room, studentId: IDS.student }));
    daysApart(calls.filter(isEvents).at(-1)!.body as { start: string; end: string }, 1);
  });

  it('hides the teacher filter from a teacher', async () => {
    sessionAs('teacher');
    fakeServer((c) => (isEvents(c) ? answer() : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    await screen.findByRole('button', { name: 'Add Lesson' });
    expect(screen.queryAllByLabelText('Teacher')).toHaveLength(0);
    expect(screen.getAllByLabelText('Student').length).toBeGreaterThan(0);
    // Importing lessons is the office's (decision 099).
    expect(screen.queryByRole('button', { name: 'Import lessons' })).toBeNull();
  });

  it('lets a teacher publish their own make-up slots from the calendar', async () => {
    const me = sessionAs('teacher');
    const isSlots = (c: Call) => c.url.endsWith('/scheduling/makeupSlot/list');
    const isAdd = (c: Call) => c.url.endsWith('/scheduling/makeupSlot/add');
    const calls = fakeServer((c) => {
      if (isEvents(c)) return answer();
      if (isSlots(c)) return { data: { results: [], timeZone: 'America/New_York' } };
      if (isAdd(c)) return { message: 'Make-up Slot Added Successfully', data: {} };
      return undefined;
    }, pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    expect(screen.queryByRole('link', { name: 'Schedule settings' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Make-up slots' }));
    const dialog = await screen.findByRole('dialog', { name: 'My make-up slots' });
    expect(await within(dialog).findByText(/No make-up slots yet/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Teacher')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2027-03-10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish slot' }));
    await waitFor(() => expect(calls.find(isAdd)?.body).toMatchObject({ teacherId: me._id, date: '2027-03-10', startTime: '10:00' }));
  });

  it('shows no Make-up slots button to staff, who have Schedule settings', async () => {
    sessionAs('admin');
    fakeServer((c) => (isEvents(c) ? answer() : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    await screen.findByRole('button', { name: 'Add Lesson' });
    expect(screen.getByRole('link', { name: 'Schedule settings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make-up slots' })).toBeNull();
    // Weekly lessons from a CSV file open the import modal for lessons (decision 099).
    fireEvent.click(screen.getByRole('button', { name: 'Import lessons' }));
    expect(await screen.findByRole('dialog', { name: 'Import lessons from CSV' })).toBeTruthy();
  });

  it('shows an error with a way to try again', async () => {
    sessionAs('admin');
    let fail = true;
    fakeServer((c) => (isEvents(c) ? (fail ? { status: 500, message: 'Something went wrong. Please try again.' } : answer({ results: [lessonIn(c.body)] })) : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    expect(await screen.findByText('Could not load the lessons')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('Lily Chen')).length).toBeGreaterThan(0);
  });

  it('opens the lesson modal from Add Lesson and the drawer from a lesson', async () => {
    sessionAs('admin');
    fakeServer((c) => {
      if (isEvents(c)) return answer({ results: [lessonIn(c.body)] });
      return undefined;
    }, pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lesson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lesson' });
    expect((within(dialog).getByLabelText(/^Start time/) as HTMLInputElement).value).toMatch(/^\d\d:00$/);
    // The school's default length (the answer's defaultLessonMinutes).
    expect((within(dialog).getByLabelText(/^Duration/) as HTMLInputElement).value).toBe('45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Lesson' })).toBeNull());
    // The first "Lily Chen" in the page may be the Student filter's option: the lesson's is in an event.
    const event = (await screen.findAllByText('Lily Chen')).find((e) => e.closest('.fc-event'))!;
    fireEvent.click(event);
    expect(await screen.findByRole('dialog', { name: 'Lesson' })).toBeTruthy();
  });

  it("keeps to the school's hours: Add Lesson starts within them, the grid shows them and the lessons outside", async () => {
    sessionAs('admin');
    const lateHours = { dayStartsAt: '23:00', dayEndsAt: '23:59' };
    fakeServer((c) => (isEvents(c) ? answer({ results: [lessonIn(c.body)], schoolHours: lateHours }) : undefined), pickerAnswers);
    const { container } = renderWithApp(<CalendarPage />, { path: '/scheduling/weekly' });
    expect((await screen.findAllByText('Lily Chen')).length).toBeGreaterThan(0);
    // The 4 pm lesson is before opening: the grid starts at its hour, and ends at midnight (closing and an hour).
    await waitFor(() => expect(container.querySelector('.fc-timegrid-slot[data-time]')?.getAttribute('data-time')).toBe('16:00:00'));
    expect([...container.querySelectorAll('.fc-timegrid-slot[data-time]')].at(-1)?.getAttribute('data-time')).toBe('23:30:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lesson' });
    expect((within(dialog).getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('23:00');
  });
});
