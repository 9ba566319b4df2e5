import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventsAnswer } from '../../../shared/contracts/scheduling';
import { fakeServer, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import CalendarPage from './CalendarPage';
import { IDS, pickerAnswers, scheduleEvent } from './lessonFixtures';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const isEvents = (c: Call) => c.url.endsWith('/scheduling/getEvents');
const answer = (over: Partial<EventsAnswer> = {}): Answer => ({ data: { results: [], closures: [], timeZone: 'America/New_York', canCreate: true, defaultLessonMinutes: 30, schoolHours: { dayStartsAt: '08:00', dayEndsAt: '21:00' }, ...over } });

/** A window of the week of 7 March 2027: a lesson on Monday, a cancelled make-up on Tuesday, a closure on Wednesday. */
function week(): Partial<EventsAnswer> {
  return {
    results: [
      scheduleEvent({ start: '2027-03-08T16:00:00-05:00', end: '2027-03-08T16:30:00-05:00' }),
      scheduleEvent({ _id: 'l2', isMakeup: true, teacherId: 'james', teacher: { _id: 'james', first_name: 'James', last_name: "O'Connor" }, start: '2027-03-09T17:00:00-05:00', end: '2027-03-09T17:30:00-05:00' }, { cancelLesson: true, cancelReason: 'Sick' }),
    ],
    closures: [{ _id: 'h1', name: 'Spring break', startsOn: '2027-03-10', endsOn: '2027-03-10' }],
  };
}

/** A phone: every (max-width: 48em) query matches. */
function onPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width: 48em'), media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }));
}

describe('the calendar on a phone', () => {
  it('lists the week as cards by day, closures labelled, filters behind one button', async () => {
    onPhone(true);
    sessionAs('admin');
    const calls = fakeServer((c) => (isEvents(c) ? answer(week()) : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly?date=2027-03-10' });
    const list = await screen.findByTestId('lesson-list');
    await waitFor(() => expect(calls.filter(isEvents).at(-1)?.body).toMatchObject({ start: '2027-03-07T00:00:00-05:00', end: '2027-03-14T00:00:00-05:00' }));
    const monday = within(list).getByRole('region', { name: 'Monday, Mar 8' });
    expect(within(monday).getByRole('button', { name: /Lily Chen/ })).toBeTruthy();
    const tuesday = within(list).getByRole('region', { name: 'Tuesday, Mar 9' });
    expect(within(tuesday).getByText('Make-up · Piano 30')).toBeTruthy();
    expect(within(tuesday).getByText('Reason: Sick')).toBeTruthy();
    const wednesday = within(list).getByRole('region', { name: 'Wednesday, Mar 10' });
    expect(within(wednesday).getByText('Closed: Spring break')).toBeTruthy();
    expect(screen.queryByText('Thursday, Mar 11')).toBeNull();
    expect(document.querySelector('.fc')).toBeNull();

    fireEvent.click(within(monday).getByRole('button', { name: /Lily Chen/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/scheduling/getLesson') && c.body?.id === IDS.lesson)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(calls.filter(isEvents).at(-1)?.body).toMatchObject({ start: '2027-03-14T00:00:00-05:00' }));
    expect(screen.getByText('Mar 14 – 20, 2027')).toBeTruthy();

  });

  it('keeps the day view a day', async () => {
    onPhone(true);
    sessionAs('teacher');
    fakeServer((c) => (isEvents(c) ? answer() : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/daily?date=2027-03-10' });
    await screen.findByText(/No lessons this day/);
    expect(screen.queryByTestId('lesson-list')).toBeNull();
  });
});

describe('the calendar at a desk', () => {
  it('shows the teachers\' colours in a legend, and the closed day under its date', async () => {
    onPhone(false);
    sessionAs('admin');
    fakeServer((c) => (isEvents(c) ? answer(week()) : undefined), pickerAnswers);
    renderWithApp(<CalendarPage />, { path: '/scheduling/weekly?date=2027-03-10' });
    const legend = await screen.findByRole('list', { name: 'Calendar legend' });
    await waitFor(() => expect(within(legend).getByText('Sofia Marin')).toBeTruthy());
    expect(within(legend).getByText("James O'Connor")).toBeTruthy();
    expect(within(legend).getByText('School closed')).toBeTruthy();
    expect(await screen.findByText('Closed: Spring break (Mar 10, 2027)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    expect(screen.getAllByLabelText('Room').length).toBeGreaterThan(0);
  });
});
