import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceAnswer, AttendanceRow } from '../../../shared/contracts/attendance';
import { fakeDownloads, fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import AttendancePage from './AttendancePage';
import { defaultRange } from './dates';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const TEACHER = { value: id(1), label: 'Sofia Marin' };
const STUDENT = { value: id(2), label: 'Lily Chen' };
const row = (n: number, overrides: Partial<AttendanceRow> = {}): AttendanceRow => ({
  _id: id(10 + n), lessonId: id(30 + n),
  // 21:00 UTC is 4 pm in New York in November: the table shows the school's clock.
  date: '2026-11-10T21:00:00.000Z',
  student: { _id: STUDENT.value, first_name: 'Lily', last_name: 'Chen' },
  teacher: { _id: TEACHER.value, first_name: 'Sofia', last_name: 'Marin' },
  lessonType: 'Piano 30', status: 'present', note: null, noteShared: false, ...overrides,
});
const TOTALS = { present: 7, absent: 2, late: 1, excused: 3, cancelled: 4 };
const answer = (results: AttendanceRow[], totalCount = results.length, page = 1): AttendanceAnswer => ({
  results, page, limit: 10, totalCount, totals: TOTALS, timeZone: 'America/New_York',
  byMonth: [{ month: '2026-10', ...TOTALS }, { month: '2026-11', ...TOTALS }],
});

const isReport = (c: Call) => c.url.endsWith('/api/reporting/getAttendance');
const reports = (calls: Call[]) => calls.filter(isReport);
function people({ url, body }: Call): Answer {
  if (!url.endsWith('/auth/filter')) return { data: null };
  return { data: { results: body?.type === 'teacher' ? [TEACHER] : [STUDENT] } };
}

function open(role: Parameters<typeof sessionAs>[0], handle: (call: Call) => Answer | undefined) {
  sessionAs(role);
  const calls = fakeServer(handle, people);
  renderWithApp(<AttendancePage />, { path: '/reporting/attendance' });
  return calls;
}

describe('AttendancePage', () => {
  it('asks for the last 30 days and shows totals, the school’s clock and the rows', async () => {
    const calls = open('admin', (c) => (isReport(c) ? { data: answer([row(1), row(2, { status: 'late', teacher: null })]) } : undefined));
    const { from, to } = defaultRange();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(to);
    const first = (await screen.findAllByRole('row', { name: /Lily Chen/ }))[0]!;
    expect(within(first).getByText(/4:00\s?PM/)).toBeTruthy();
    expect(within(first).getByText('Piano 30')).toBeTruthy();
    expect(within(first).getByText('Present')).toBeTruthy();
    expect(screen.getByText('Not shown')).toBeTruthy();
    expect(screen.getByText(/America\/New_York/)).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByLabelText('Cancelled by the school').textContent).toBe('4');
    expect(within(totals).getByLabelText('Present').textContent).toBe('7');
    expect(reports(calls)[0]?.body).toEqual({ from, to, page: 1, limit: 10, sortBy: 'date', orderBy: -1 });
    expect(await screen.findByRole('heading', { name: 'By month' })).toBeTruthy();
  });

  it('filters by dates, teacher, student and status from page 1, and refuses a range that ends before it starts', async () => {
    const calls = open('subadmin', (c) => (isReport(c) ? { data: answer(c.body?.status ? [] : [row(1)], c.body?.status ? 0 : 11, Number(c.body?.page)) } : undefined));
    await screen.findAllByRole('row', { name: /Lily Chen/ });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(reports(calls).at(-1)?.body).toMatchObject({ page: 2 }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-08-01' } });
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    const asked = reports(calls).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(reports(calls).at(-1)?.body).toMatchObject({ from: '2026-09-01', to: '2026-11-30', page: 1 }));
    expect(reports(calls).slice(asked).every((c) => c.body?.to !== '2026-08-01')).toBe(true);

    fireEvent.click(selectInput(screen, 'Teacher'));
    fireEvent.click(await screen.findByRole('option', { name: 'Sofia Marin' }));
    fireEvent.click(selectInput(screen, 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    fireEvent.click(selectInput(screen, 'Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Absent' }));
    await waitFor(() =>
      expect(reports(calls).at(-1)?.body).toEqual({
        from: '2026-09-01', to: '2026-11-30', teacherId: TEACHER.value, studentId: STUDENT.value, status: 'absent',
        page: 1, limit: 10, sortBy: 'date', orderBy: -1,
      }));
    expect(await screen.findByText('No attendance in this period')).toBeTruthy();
  });

  it('gives each role its pickers: a teacher and a parent the student (child), a student none', async () => {
    open('teacher', (c) => (isReport(c) ? { data: answer([]) } : undefined));
    expect(await screen.findByText('No attendance in this period')).toBeTruthy();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
    expect(selectInput(screen, 'Student')).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    open('parent', (c) => (isReport(c) ? { data: answer([]) } : undefined));
    await screen.findAllByText('No attendance in this period');
    expect(selectInput(screen, 'Child')).toBeTruthy();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    open('student', (c) => (isReport(c) ? { data: answer([]) } : undefined));
    await screen.findAllByText('No attendance in this period');
    expect(screen.queryByLabelText('Student')).toBeNull();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
  });

  it('exports the same filters as CSV and downloads the file', async () => {
    sessionAs('admin');
    const { click, sent } = fakeDownloads((url) => url.endsWith('/exportAttendance'), { text: 'Date,Student\n', name: 'attendance.csv' }, (url) =>
      (url.endsWith('/getAttendance') ? answer([row(1)]) : { results: [STUDENT] }));
    renderWithApp(<AttendancePage />, { path: '/reporting/attendance' });
    await screen.findAllByRole('row', { name: /Lily Chen/ });
    fireEvent.click(selectInput(screen, 'Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Late' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = sent.find((s) => s.url.endsWith('/api/reporting/exportAttendance'))!;
    expect(exported.init.method).toBe('POST');
    expect(JSON.parse(String(exported.init.body))).toEqual({ ...defaultRange(), status: 'late' });
    expect((exported.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });
});
