import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_MESSAGES, type CreditItem, type HolidayItem, type SchedulingSettings, type SchedulingSettingsAnswer } from '../../../shared/contracts/scheduling';
import { fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import SchedulingSetupPage from './SchedulingSetupPage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const listOf = <T,>(results: T[], totalCount = results.length) => ({ results, page: 1, limit: 10, totalCount });
const ends = (call: Call, path: string) => call.url.endsWith(`/api/scheduling/${path}`);
const last = (calls: Call[], path: string) => calls.filter((c) => ends(c, path)).at(-1);

const holiday = (overrides: Partial<HolidayItem> = {}): HolidayItem => ({
  _id: id(1), name: 'Winter break', startsOn: '2026-12-21', endsOn: '2027-01-01', bankLessons: true, lessonsCancelled: 14,
  createdAt: '2026-11-01T00:00:00.000Z', ...overrides,
});
const RULES: SchedulingSettings = {
  creditMaxHeld: 2, creditMaxPerTerm: 4, creditLifetimeDays: 60, noticeHours: 24, bankedDueHours: 72, reminderHours: 24,
  defaultLessonMinutes: 30, teacherBackDateDays: 7, termStartsOn: null, termEndsOn: null, dayStartsAt: '08:00', dayEndsAt: '21:00',
};
const SETTINGS: SchedulingSettingsAnswer = { ...RULES, timeZone: 'America/New_York' };
const person = (n: number, first: string) => ({ _id: id(n), first_name: first, last_name: 'Chen' });
const credit = (overrides: Partial<CreditItem> = {}): CreditItem => ({
  _id: id(30), student: person(40, 'Lily'),
  lesson: { _id: id(31), start: '2026-11-10T16:00:00-05:00', lesson_type: 'Piano 30', teacher: person(41, 'Sofia') },
  bankedExpDate: '2026-11-28T16:00:00-05:00', status: 'available', bankedDue: true, grantedByHand: false, usedLessonId: null,
  createdAt: '2026-11-09T00:00:00.000Z', ...overrides,
});

function open(path: string, handle: (call: Call) => Answer | undefined) {
  sessionAs('admin');
  const calls = fakeServer(handle, (c) =>
    c.url.endsWith('/auth/filter') ? { data: { results: [{ value: id(40), label: 'Lily Chen' }] } } : { data: listOf([]) });
  renderWithApp(<SchedulingSetupPage />, { path });
  return calls;
}

describe('Holidays tab', () => {
  it('lists closures with the lessons they cancelled, and says removing brings them back', async () => {
    const calls = open('/schedulings?tab=holidays', (c) => {
      if (ends(c, 'holiday/list')) return { data: listOf([holiday()]) };
      if (ends(c, 'holiday/remove')) return { message: SCHEDULING_MESSAGES.holidayDeleted };
      return undefined;
    });
    const row = (await screen.findByText('Winter break')).closest('tr')!;
    expect(within(row).getByText('14')).toBeTruthy();
    expect(within(row).getByText('Banked')).toBeTruthy();
    expect(last(calls, 'holiday/list')?.body).toEqual({ page: 1, limit: 10, sortBy: 'startsOn', orderBy: -1 });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Winter break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove holiday' });
    expect(within(dialog).getByText(/its 14 cancelled lessons come back on the calendar/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(last(calls, 'holiday/remove')).toMatchObject({ method: 'DELETE', body: { id: id(1) } }));
  });

  it('adds a closure: required fields, the order of the days, and banking', async () => {
    const calls = open('/schedulings?tab=holidays', (c) =>
      ends(c, 'holiday/add') ? { message: SCHEDULING_MESSAGES.holidayAdded, data: holiday() } : undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Holiday' }));
    const dialog = await screen.findByRole('dialog');
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add Holiday' }));
    submit();
    expect(await within(dialog).findByText('Name is Required')).toBeTruthy();
    expect(within(dialog).getAllByText('Date is Required')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Spring break' } });
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2027-04-10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2027-04-03' } });
    submit();
    expect(await within(dialog).findByText('The last day must be on or after the first')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2027-04-17' } });
    fireEvent.click(within(dialog).getByLabelText(/Bank the cancelled lessons/));
    submit();
    await waitFor(() =>
      expect(last(calls, 'holiday/add')?.body).toEqual({ name: 'Spring break', startsOn: '2027-04-10', endsOn: '2027-04-17', bankLessons: true }));
    expect(calls.filter((c) => ends(c, 'holiday/add'))).toHaveLength(1);
  });
});

describe('Make-up Rules tab', () => {
  it('loads the rules, checks them and saves every field', async () => {
    const calls = open('/schedulings?tab=rules', (c) => {
      if (ends(c, 'getSettings')) return { data: SETTINGS };
      if (ends(c, 'updateSettings')) return { message: SCHEDULING_MESSAGES.settingsSaved, data: { ...SETTINGS, ...c.body } };
      return undefined;
    });
    const held = (await screen.findByLabelText(/^Credits a student may hold/)) as HTMLInputElement;
    expect(held.value).toBe('2');
    expect((screen.getByLabelText(/^Credit lifetime \(days\)/) as HTMLInputElement).value).toBe('60');
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Make-up Rules' }));

    fireEvent.change(held, { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText(/^Credit lifetime/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/^Term first day/), { target: { value: '2026-09-01' } });
    // School hours, in the school's zone: closing must come after opening.
    expect(screen.getByText(/In the school's time zone \(America\/New_York\)/)).toBeTruthy();
    expect((screen.getByLabelText(/^Opening time/) as HTMLInputElement).value).toBe('08:00');
    fireEvent.change(screen.getByLabelText(/^Opening time/), { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText(/^Closing time/), { target: { value: '09:00' } });
    save();
    expect(await screen.findByText('Credits held cannot be negative')).toBeTruthy();
    expect(screen.getByText('Closing time must be after opening time')).toBeTruthy();
    expect(screen.getByText('A credit lives at least 1 day')).toBeTruthy();
    expect(screen.getByText('Give both the first and the last day of the term')).toBeTruthy();
    expect(calls.some((c) => ends(c, 'updateSettings'))).toBe(false);

    fireEvent.change(held, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/^Credit lifetime/), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText(/^Notice window \(hours\)/), { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText(/^Teacher back-dating \(days\)/), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText(/^Term last day/), { target: { value: '2026-12-18' } });
    fireEvent.change(screen.getByLabelText(/^Closing time/), { target: { value: '18:45' } });
    save();
    await waitFor(() =>
      expect(last(calls, 'updateSettings')?.body).toEqual({
        ...RULES, creditMaxHeld: 3, creditLifetimeDays: 90, noticeHours: 48, teacherBackDateDays: 14, termStartsOn: '2026-09-01', termEndsOn: '2026-12-18',
        dayStartsAt: '09:30', dayEndsAt: '18:45',
      }));
    expect(await screen.findByText(SCHEDULING_MESSAGES.settingsSaved)).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    open('/schedulings?tab=rules', (c) => (ends(c, 'getSettings') ? { status: 500, message: 'Database is down' } : undefined));
    expect(await screen.findByText('Could not load the make-up rules')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});

describe('Make-up Credits tab', () => {
  it('lists available credits soonest to expire, flags banked-due, and filters by status and student', async () => {
    const calls = open('/schedulings?tab=credits', (c) => {
      if (!ends(c, 'getCredits')) return undefined;
      if (c.body?.status === 'used') return { data: listOf([]) };
      return { data: listOf([credit()]) };
    });
    const row = await screen.findByRole('row', { name: /Lily Chen/ });
    expect(within(row).getByText('Banked-due')).toBeTruthy();
    expect(within(row).getByText(/Piano 30 · Sofia Chen/)).toBeTruthy();
    expect(within(row).getByText(/Nov 28, 2026|28 Nov 2026/)).toBeTruthy();
    expect(last(calls, 'getCredits')?.body).toEqual({ page: 1, limit: 10, sortBy: 'expiresAt', orderBy: 1, status: 'available' });

    fireEvent.click(selectInput(screen, 'Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Used' }));
    expect(await screen.findByText('No make-up credits match')).toBeTruthy();
    expect(last(calls, 'getCredits')?.body).toMatchObject({ status: 'used', page: 1 });

    fireEvent.click(selectInput(screen, 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    await waitFor(() => expect(last(calls, 'getCredits')?.body).toMatchObject({ status: 'used', studentId: id(40) }));
  });
});
