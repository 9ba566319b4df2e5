import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayrollDetail } from '../../../shared/contracts/payroll';
import { fakeServer, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { lastMonth } from './money';
import PayrollPage from './PayrollPage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const DETAIL: PayrollDetail = {
  _id: id(1), from: '2026-10-01', to: '2026-10-31', status: 'generated', teachers: 1, lessons: 14, total: 555,
  createdAt: '2026-11-27T00:00:00.000Z', approvedAt: null,
  rows: [{
    teacher: { _id: id(2), first_name: 'Sofia', last_name: 'Marin' },
    lines: [{ _id: id(3), kind: 'private', lessons: 13, rate: 35, amount: 455 }, { _id: id(4), kind: 'class_group', lessons: 5, rate: 20, amount: 100 }],
    adjustments: [], lessonsTotal: 555, adjustmentsTotal: 0, total: 555,
  }],
};

function handle(c: Call): Answer | undefined {
  if (c.url.endsWith('/api/payroll/settings')) return { data: { payNoShows: false, payLateCancellations: true, noticeHours: 24 } };
  if (c.url.endsWith('/api/payroll/list')) return { data: { results: [], page: 1, limit: 10, totalCount: 0 } };
  if (c.url.endsWith('/api/payroll/generate')) return { message: 'Payroll generated successfully', data: DETAIL };
  if (c.url.endsWith(`/api/payroll/${id(1)}`)) return { data: DETAIL };
  if (c.url.includes(`/api/payroll/${id(1)}/lessons`)) {
    return { data: { results: [{ _id: id(9), date: '2026-10-05T16:00:00.000-04:00', lessonType: 'Private Lesson', students: ['Lily Chen'], reason: 'held' }] } };
  }
  if (c.url.endsWith(`/api/payroll/${id(1)}/approve`)) return { message: 'Payroll approved successfully', data: { ...DETAIL, status: 'approved' } };
  return undefined;
}

function open() {
  sessionAs('admin');
  const calls = fakeServer(handle);
  renderWithApp(<PayrollPage />, { path: '/reporting/payrolls' });
  return calls;
}

describe('PayrollPage', () => {
  it('shows what counts, refuses a period that ends before it starts, and generates last month by default', async () => {
    const calls = open();
    expect(((await screen.findByLabelText(/^Pay late cancellations/)) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Pay no-shows/) as HTMLInputElement).checked).toBe(false);
    const { from, to } = lastMonth();
    expect((screen.getByLabelText(/^From/) as HTMLInputElement).value).toBe(from);
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/generate'))).toBe(false);

    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: to } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/generate'))?.body).toEqual({ from, to, teacherIds: [] }));
    const figure = await screen.findByRole('button', { name: 'Private lessons of Sofia Marin: 13 at $35.00, $455.00' });
    expect(screen.getByRole('table', { name: 'Pay per teacher' }).textContent).toContain('5 × $20.00 = $100.00');

    fireEvent.click(figure);
    const dialog = await screen.findByRole('dialog', { name: 'Sofia Marin: Private lessons' });
    const lesson = await within(dialog).findByRole('row', { name: /Lily Chen/ });
    expect(lesson.textContent).toContain('2026-10-05 16:00');
    expect(lesson.textContent).toContain('Held');
  });

  it('asks before approving, then sends the approval', async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve payroll' });
    expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith(`/api/payroll/${id(1)}/approve`))).toHaveLength(1));
  });
});
