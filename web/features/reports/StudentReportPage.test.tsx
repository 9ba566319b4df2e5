import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentReportAnswer, StudentReportRow } from '../../../shared/contracts/reports';
import { fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import StudentReportPage, { thisMonth } from './StudentReportPage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PIANO = { _id: '00000000-0000-4000-8000-000000000071', name: 'Piano' };
const row = (overrides: Partial<StudentReportRow> = {}): StudentReportRow => ({
  _id: '00000000-0000-4000-8000-000000000011', first_name: 'Lily', last_name: 'Chen', status: 'active',
  scheduled: 8, attended: 6, missed: 1, banked: 1, attendanceRate: 86, practiceMinutes: 245, assignmentsDone: 3,
  invoices: 2, invoicedCents: 24_000, balanceCents: 12_050, instruments: [{ name: 'Piano', level: 'beginner' }], quizAttempts: 1, quizBestPercent: 80, quizLastPercent: 80, ...overrides,
});
const answer = (results: StudentReportRow[], currency = 'USD'): StudentReportAnswer => ({
  results, page: 1, limit: 10, totalCount: results.length, currency, timeZone: 'America/New_York',
});
const isReport = (c: Call) => c.url.endsWith('/api/reporting/getStudentReport');
function options({ url }: Call): Answer {
  if (url.endsWith('/genre/getgenre')) return { data: { results: [PIANO] } };
  if (url.endsWith('/auth/filter')) return { data: { results: [] } };
  return { data: null };
}

function open(role: Parameters<typeof sessionAs>[0], handle: (call: Call) => Answer | undefined) {
  sessionAs(role);
  const calls = fakeServer(handle, options);
  renderWithApp(<StudentReportPage />, { path: '/reporting/student' });
  return calls;
}

describe('StudentReportPage', () => {
  it('asks for this month, shows each student’s numbers with money in the school’s currency', async () => {
    const calls = open('admin', (c) => (isReport(c) ? { data: answer([row(), row({ _id: 'x2', first_name: 'Sam', last_name: 'Ng', status: 'inactive', attendanceRate: null, instruments: [] })], 'EUR') } : undefined));
    const lily = await screen.findByRole('row', { name: /Lily Chen/ });
    expect(within(lily).getByText('86%')).toBeTruthy();
    expect(within(lily).getByText('245 min')).toBeTruthy();
    expect(within(lily).getByText('€120.50')).toBeTruthy();
    expect(within(lily).getByText('Piano (beginner)')).toBeTruthy();
    const sam = screen.getByRole('row', { name: /Sam Ng/ });
    expect(within(sam).getByText('Inactive')).toBeTruthy();
    expect(within(sam).getByText('—')).toBeTruthy();
    expect(calls.filter(isReport)[0]!.body).toEqual({ ...thisMonth(), page: 1, limit: 10 });
    expect(selectInput(screen, 'Teacher')).toBeTruthy();
  });

  it('sends the instrument and status filters, and shows a teacher no teacher picker', async () => {
    const calls = open('teacher', (c) => (isReport(c) ? { data: answer([]) } : undefined));
    expect(await screen.findByText('No students')).toBeTruthy();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
    fireEvent.click(selectInput(screen, 'Instrument'));
    fireEvent.click(await screen.findByRole('option', { name: 'Piano' }));
    fireEvent.click(selectInput(screen, 'Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(calls.filter(isReport).at(-1)!.body).toMatchObject({ genreId: PIANO._id, status: 'inactive', page: 1 }));
  });

  it('shows the period’s error and asks nothing for a backwards period', async () => {
    const calls = open('parent', (c) => (isReport(c) ? { data: answer([row()]) } : undefined));
    await screen.findByRole('row', { name: /Lily Chen/ });
    const before = calls.filter(isReport).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(calls.filter(isReport)).toHaveLength(before);
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
