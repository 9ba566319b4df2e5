import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecurringItem, RecurringListAnswer } from '../../../../shared/contracts/billing-recurring';
import { fakeServer, selectInput, sessionAs, type Call } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import RecurringInvoicePage from './RecurringInvoicePage';
import { patient } from '../../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const LILY = { value: id(2), label: 'Lily Chen' };
const item = (over: Partial<RecurringItem> = {}): RecurringItem => ({
  _id: id(10), student: { _id: LILY.value, first_name: 'Lily', last_name: 'Chen' },
  lines: [{ description: 'Piano lessons', quantity: 4, unitPrice: 35 }], linesSummary: 'Piano lessons × 4', discount: 0, amount: 140, note: '',
  frequency: 'monthly', dayOfMonth: 1, intervalWeeks: null, schedule: 'Monthly on day 1', startsOn: '2026-01-01', endsOn: null,
  nextInvoiceOn: '2026-12-01', dueDays: 14, autoSend: true, active: true, issuedCount: 2, ...over,
});
const answer = (results: RecurringItem[]): RecurringListAnswer => ({ results, page: 1, limit: 10, totalCount: results.length, activeCount: 1, pausedCount: 0 });
const SETTINGS = { currency: 'USD', defaultDueDays: 21, lateFee: 0, lateFeeAfterDays: 7, canEdit: true };

function open(handle: (call: Call) => { status?: number; message?: string; data?: unknown; errors?: Record<string, string> } | undefined) {
  sessionAs('admin');
  const calls = fakeServer((c) => {
    const answered = handle(c);
    if (answered) return answered;
    if (c.url.endsWith('/recurringInvoices/list')) return { data: answer([item()]) };
    if (c.url.endsWith('/billing/settings')) return { data: SETTINGS };
    if (c.url.endsWith('/auth/filter')) return { data: { results: [LILY] } };
    return undefined;
  });
  renderWithApp(<RecurringInvoicePage />, { path: '/studentbilling/recuringInvoice' });
  return calls;
}

describe('RecurringInvoicePage', () => {
  it('lists each template: student, lines, amount, schedule and next invoice', async () => {
    open(() => undefined);
    const row = await screen.findByRole('row', { name: /Lily Chen/ });
    for (const text of ['Piano lessons × 4', '$140.00', 'Monthly on day 1', 'Dec 1, 2026', 'Active']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Recurring Invoice' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Billing settings' })).toBeTruthy();
  });

  it('creates one with the school’s days until due, after the contract’s messages', async () => {
    const calls = open((c) => (c.url.endsWith('/create') ? { message: 'Recurring invoice saved', data: item() } : undefined));
    await screen.findByRole('row', { name: /Lily Chen/ });
    fireEvent.click(screen.getByRole('button', { name: 'New recurring invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recurring invoice' });
    await waitFor(() => expect((within(dialog).getByLabelText('Days until due') as HTMLInputElement).value).toBe('21'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Student is Required')).toBeTruthy();
    expect(within(dialog).getByText('Description is Required')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/create'))).toBe(false);

    fireEvent.click(selectInput(within(dialog), 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Piano lessons' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Unit price'), { target: { value: '35' } });
    fireEvent.click(selectInput(within(dialog), 'Repeat'));
    fireEvent.click(await screen.findByRole('option', { name: 'Every N weeks' }));
    fireEvent.change(within(dialog).getByLabelText('Every (weeks)'), { target: { value: '2' } });
    expect(within(dialog).getByText(/^Every 2 weeks; first invoice/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/create'))?.body).toMatchObject({
      studentId: LILY.value, lines: [{ description: 'Piano lessons', quantity: '4', unitPrice: '35' }], frequency: 'weekly',
      intervalWeeks: '2', dayOfMonth: null, endsOn: null, dueDays: '21', autoSend: true,
    }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New recurring invoice' })).toBeNull());
  });

  it('pauses a template and shows the server’s field errors under the fields', async () => {
    const calls = open((c) => {
      if (c.url.endsWith('/setActive')) return { message: 'Recurring invoice paused', data: item({ active: false }) };
      if (c.url.endsWith('/update')) return { status: 400, message: 'Please choose a student of this school', errors: { studentId: 'Please choose a student of this school' } };
      return undefined;
    });
    await screen.findByRole('row', { name: /Lily Chen/ });
    fireEvent.click(screen.getByRole('button', { name: 'Pause the recurring invoice of Lily Chen' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/setActive'))?.body).toEqual({ id: id(10), active: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit the recurring invoice of Lily Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit recurring invoice' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please choose a student of this school')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/update'))?.body).toMatchObject({ id: id(10), dayOfMonth: '1', frequency: 'monthly' });
  });
});
