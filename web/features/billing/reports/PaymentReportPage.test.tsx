import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentReportAnswer, PaymentReportRow } from '../../../../shared/contracts/billing-reports';
import { fakeDownloads, fakeServer, selectInput, sessionAs, type Answer, type Call } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import PaymentReportPage from './PaymentReportPage';
import { defaultRange } from './format';
import { patient } from '../../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const STUDENT = { value: id(2), label: 'Lily Chen' };
const SCHOOL = { _id: id(3), school_name: 'Riverside Music Academy' };
const row = (n: number, overrides: Partial<PaymentReportRow> = {}): PaymentReportRow => ({
  _id: id(10 + n),
  // 21:00 UTC is 4 pm in New York in November: the table shows the school's clock.
  date: '2026-11-10T21:00:00.000Z', kind: 'payment', method: 'card', status: 'succeeded', amount: 120, refunded: 0, currency: 'USD',
  student: { _id: STUDENT.value, first_name: 'Lily', last_name: 'Chen' }, payer: { _id: id(4), first_name: 'Grace', last_name: 'Chen' },
  invoice: { _id: id(30 + n), number: `INV-00000${n}` }, school: SCHOOL, card: { brand: 'Visa', last4: '1111' }, reference: '', testMode: true,
  ...overrides,
});
const answer = (results: PaymentReportRow[], totalCount = results.length, page = 1): PaymentReportAnswer => ({
  results, page, limit: 10, totalCount, totals: { collected: 1234.5, refunded: 20, net: 1214.5, count: totalCount }, timeZone: 'America/New_York',
  byMonth: [{ month: '2026-10', collected: 1000, refunded: 0 }, { month: '2026-11', collected: 234.5, refunded: 20 }],
});

const isReport = (c: Call) => c.url.endsWith('/api/reports/payments/list');
const reports = (calls: Call[]) => calls.filter(isReport);
function pickers({ url }: Call): Answer {
  if (url.endsWith('/auth/filter')) return { data: { results: [STUDENT] } };
  if (url.endsWith('/getschoolList')) return { data: { results: [{ ...SCHOOL, userId: SCHOOL._id }], totalCount: 1 } };
  return { data: null };
}

function open(role: Parameters<typeof sessionAs>[0], handle: (call: Call) => Answer | undefined) {
  sessionAs(role, role === 'admin' ? 'School' : null, role === 'superadmin' ? { adminId: null } : {});
  const calls = fakeServer(handle, pickers);
  renderWithApp(<PaymentReportPage />, { path: role === 'student' || role === 'parent' ? '/reporting/payments' : '/reports/payment-reporting' });
  return calls;
}

describe('PaymentReportPage', () => {
  it('asks for the last twelve months and shows the totals, the school’s clock and the rows with their details link', async () => {
    const calls = open('admin', (c) => (isReport(c) ? { data: answer([row(1), row(2, { kind: 'refund', status: 'refunded', amount: 20, card: null, method: 'cash' })]) } : undefined));
    const { from, to } = defaultRange();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
    expect(from.endsWith('-01')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    const first = (await screen.findAllByRole('row', { name: /Lily Chen/ }))[0]!;
    expect(within(first).getByText(/4:00\s?PM/)).toBeTruthy();
    expect(within(first).getByText('$120.00')).toBeTruthy();
    expect(within(first).getByText(/Visa 1111/)).toBeTruthy();
    expect(within(first).getByText('Paid by Grace Chen')).toBeTruthy();
    expect(within(first).getByRole('link', { name: /INV-000001/ }).getAttribute('href')).toBe(`/reporting/payment-details/${id(11)}`);
    expect(screen.getByText('−$20.00')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByLabelText('Collected').textContent).toBe('$1,234.50');
    expect(within(totals).getByLabelText('Net').textContent).toBe('$1,214.50');
    expect(within(totals).getByLabelText('Payments').textContent).toBe('2');
    expect(reports(calls)[0]?.body).toEqual({ from, to, page: 1, limit: 10, sortBy: 'date', orderBy: -1 });
    expect(await screen.findByRole('heading', { name: 'By month' })).toBeTruthy();
  });

  it('filters by student, method and status from page 1, and refuses a range that ends before it starts', async () => {
    const calls = open('subadmin', (c) => (isReport(c) ? { data: answer(c.body?.status ? [] : [row(1)], c.body?.status ? 0 : 11, Number(c.body?.page)) } : undefined));
    await screen.findAllByRole('row', { name: /Lily Chen/ });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(reports(calls).at(-1)?.body).toMatchObject({ page: 2 }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-08-01' } });
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.click(selectInput(screen, 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    fireEvent.click(selectInput(screen, 'Method'));
    fireEvent.click(await screen.findByRole('option', { name: 'Cash' }));
    fireEvent.click(selectInput(screen, 'Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Refunded' }));
    await waitFor(() => expect(reports(calls).at(-1)?.body).toEqual({
      from: '2026-09-01', to: '2026-11-30', studentId: STUDENT.value, method: 'cash', status: 'refunded', page: 1, limit: 10, sortBy: 'date', orderBy: -1,
    }));
    expect(reports(calls).every((c) => c.body?.to !== '2026-08-01')).toBe(true);
    expect(await screen.findByText('No payments in this period')).toBeTruthy();
  });

  it('gives the superadmin a school picker and the school column, a family no details link where its table has none', async () => {
    const calls = open('superadmin', (c) => (isReport(c) ? { data: { ...answer([row(1)]), timeZone: 'UTC' } } : undefined));
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Report' })).toBeTruthy();
    await screen.findAllByRole('row', { name: /Riverside Music Academy/ });
    expect(screen.queryByLabelText('Student')).toBeNull();
    fireEvent.click(selectInput(screen, 'School'));
    fireEvent.click(await screen.findByRole('option', { name: 'Riverside Music Academy' }));
    await waitFor(() => expect(reports(calls).at(-1)?.body).toMatchObject({ adminId: SCHOOL._id, page: 1 }));
    document.body.innerHTML = '';
    vi.unstubAllGlobals();

    open('student', (c) => (isReport(c) ? { data: answer([row(1)]) } : undefined));
    const mine = (await screen.findAllByRole('row', { name: /Lily Chen/ }))[0]!;
    expect(within(mine).queryByRole('link')).toBeNull();
    expect(screen.queryByLabelText('Student')).toBeNull();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();

    open('parent', (c) => (isReport(c) ? { data: answer([row(1)]) } : undefined));
    const child = (await screen.findAllByRole('row', { name: /Lily Chen/ }))[0]!;
    expect(within(child).getByRole('link', { name: /INV-000001/ })).toBeTruthy();
    expect(selectInput(screen, 'Child')).toBeTruthy();
  });

  it('exports the same filters as CSV with the session’s token', async () => {
    sessionAs('admin');
    const { click, sent } = fakeDownloads((url) => url.includes('/reports/payments/export'), { text: 'Date\n', name: 'payments.csv' }, (url) =>
      (url.endsWith('/auth/filter') ? { results: [STUDENT] } : answer([row(1)])));
    renderWithApp(<PaymentReportPage />, { path: '/reports/payment-reporting' });
    await screen.findAllByRole('row', { name: /Lily Chen/ });
    fireEvent.click(selectInput(screen, 'Method'));
    fireEvent.click(await screen.findByRole('option', { name: 'Check' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = sent.find((s) => s.url.includes('/api/reports/payments/export'))!;
    const { from, to } = defaultRange();
    expect(exported.url).toBe(`/api/reports/payments/export?from=${from}&to=${to}&method=check`);
    expect((exported.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });
});
