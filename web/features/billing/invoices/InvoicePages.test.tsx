import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDetails, InvoiceListItem } from '../../../../shared/contracts/billing-invoices';
import { fakeServer, selectInput, sessionAs, type Call } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import InvoiceListPage from './InvoiceListPage';
import NewInvoicePage from './NewInvoicePage';
import { patient } from '../../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });

const STUDENT = { value: '00000000-0000-4000-8000-0000000000c1', label: 'Noah Patel' };
const DEFAULTS = { today: '2026-03-02', dueOn: '2026-03-16', defaultDueDays: 14, currency: 'USD', testMode: true, timeZone: 'America/New_York' };
const person = (id: string, first: string, last: string) => ({ _id: id, first_name: first, last_name: last });

const row = (n: number, extra: Partial<InvoiceListItem> = {}): InvoiceListItem => ({
  _id: `00000000-0000-4000-8000-00000000010${n}`, number: `INV-00000${n}`, status: 'open',
  student: person(STUDENT.value, 'Noah', 'Patel'), payer: person('p1', 'Rajesh', 'Patel'),
  issuedOn: '2026-03-01', dueOn: '2026-03-15', total: 120, paid: 0, balance: 120, sentAt: '2026-03-01T15:00:00.000Z', ...extra,
});

const details = (extra: Partial<InvoiceDetails> = {}): InvoiceDetails => ({
  _id: row(1)._id, number: 'INV-000001', status: 'paid', student: { ...person(STUDENT.value, 'Noah', 'Patel'), email: null },
  payer: { ...person('p1', 'Rajesh', 'Patel'), email: 'rajesh@example.com' }, issuedOn: '2026-03-01', dueOn: '2026-03-15',
  lines: [{ _id: 'l1', kind: 'item', description: 'Drum lessons', quantity: 4, unitPrice: 30, amount: 120, lessonId: null }],
  subtotal: 120, discount: 0, total: 120, paid: 120, balance: 0, note: '', currency: 'USD', sentAt: '2026-03-01T15:00:00.000Z',
  paidAt: '2026-03-02T15:00:00.000Z', voidedAt: null, voidReason: null, payLink: 'http://x.test/invoices/pay/tok',
  payments: [{
    _id: 'pay1', method: 'card', source: 'pay_page', status: 'succeeded', amount: 120, refunded: 0, refundable: 120, cardBrand: 'Visa',
    cardLast4: '1111', reference: '', message: 'This transaction has been approved.', testMode: true, createdAt: '2026-03-02T15:00:00.000Z', refunds: [],
  }],
  testMode: true, timeZone: 'America/New_York', ...extra,
});

const answer = (handle: (call: Call) => unknown) => fakeServer((call) => {
  const data = handle(call);
  return data === undefined ? undefined : { data, message: 'Done' };
}, ({ url }) => (url.endsWith('/auth/filter') ? { data: { results: [STUDENT] } } : { data: null }));

beforeEach(() => {
  sessionAs('admin');
});
afterEach(() => vi.unstubAllGlobals());

describe('/studentbilling/invoiceList', () => {
  it('shows the open and overdue money, the rows with their status, and asks by search and status', async () => {
    const calls = answer(({ url }) => {
      if (url.endsWith('/invoices/list')) return { results: [row(1), row(2, { status: 'overdue' })], page: 1, limit: 10, totalCount: 2, openTotal: 240, openCount: 2, overdueTotal: 120, overdueCount: 1 };
      if (url.endsWith('/invoices/defaults')) return DEFAULTS;
      return undefined;
    });
    renderWithApp(<Routes><Route path="/studentbilling/invoiceList" element={<InvoiceListPage />} /></Routes>, { path: '/studentbilling/invoiceList' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('button', { name: 'Open INV-000001' })).toBeTruthy();
    expect(within(table).getByText('Overdue')).toBeTruthy();
    const money = screen.getByRole('group', { name: 'Money to come in' });
    expect(money.textContent).toContain('$240.00');
    expect(money.textContent).toContain('$120.00');
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/invoices/list'))?.body).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', orderBy: -1 });

    fireEvent.change(screen.getByLabelText('Search invoices'), { target: { value: 'Rajesh' } });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/invoices/list') && c.body?.search === 'Rajesh')).toBe(true));
  });

  it('refunds a card payment from the invoice with the payment id and the amount typed', async () => {
    const calls = answer(({ url }) => {
      if (url.endsWith('/invoices/list')) return { results: [row(1, { status: 'paid' })], page: 1, limit: 10, totalCount: 1, openTotal: 0, openCount: 0, overdueTotal: 0, overdueCount: 0 };
      if (url.endsWith('/invoices/defaults')) return DEFAULTS;
      if (url.includes('/invoices/view/')) return details();
      if (url.endsWith('/invoices/refundPayment')) return {};
      return undefined;
    });
    renderWithApp(<Routes><Route path="/studentbilling/invoiceList" element={<InvoiceListPage />} /></Routes>, { path: `/studentbilling/invoiceList?invoice=${row(1)._id}` });
    const refund = await screen.findByRole('button', { name: 'Refund $120.00 paid by Visa ending 1111' });
    fireEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund card payment' });
    const amount = within(dialog).getByLabelText(/Amount/);
    fireEvent.change(amount, { target: { value: '130' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most $120.00 can be refunded')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '20.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/invoices/refundPayment'))?.body).toEqual({ paymentId: 'pay1', amount: '20.50' }));
  });
});

describe('/studentbilling/newInvoice', () => {
  const renderForm = () => renderWithApp(<Routes><Route path="/studentbilling/newInvoice" element={<NewInvoicePage />} /></Routes>, { path: '/studentbilling/newInvoice' });

  it('puts the messages next to their fields, keeps the totals live, and sends the dollars as typed', async () => {
    const calls = answer(({ url }) => {
      if (url.endsWith('/invoices/defaults')) return DEFAULTS;
      if (url.endsWith('/invoices/billTo')) return { student: { ...person(STUDENT.value, 'Noah', 'Patel'), email: null }, payer: { ...person('p1', 'Rajesh', 'Patel'), email: 'rajesh@example.com', role: 'parent' } };
      if (url.endsWith('/invoices/create')) return { _id: 'new1', emailedTo: 'rajesh@example.com' };
      return undefined;
    });
    renderForm();
    const due = await screen.findByLabelText(/Due date/);
    expect((due as HTMLInputElement).value).toBe('2026-03-16');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Student is Required')).toBeTruthy();
    expect(screen.getByText('Description is Required')).toBeTruthy();

    const line = screen.getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText(/Description/), { target: { value: 'Drum lessons' } });
    fireEvent.change(within(line).getByLabelText(/Quantity/), { target: { value: '4' } });
    fireEvent.change(within(line).getByLabelText(/Unit price/), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount' }), { target: { value: '5' } });
    await waitFor(() => expect(screen.getByRole('group', { name: 'Totals' }).textContent).toContain('Total$115.00'));
    expect((within(line).getByLabelText('Amount') as HTMLInputElement).value).toBe('$120.00');

    fireEvent.click(selectInput(screen, 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Noah Patel' }));
    expect(await screen.findByText(/\(parent\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/invoices/create'))?.body).toEqual({
      studentId: STUDENT.value, lines: [{ description: 'Drum lessons', quantity: '4', unitPrice: '30', lessonId: null }],
      discount: '5', dueOn: '2026-03-16', note: '', send: true,
    }));
  });

  it('shows the server’s field errors under the line they name', async () => {
    fakeServer(({ url }) => {
      if (url.endsWith('/invoices/defaults')) return { data: DEFAULTS };
      if (url.endsWith('/invoices/create')) return { status: 400, message: 'x', errors: { 'lines.0.lessonId': "Please choose a lesson of this student's calendar" } };
      if (url.endsWith('/auth/filter')) return { data: { results: [STUDENT] } };
      return { data: null };
    });
    renderForm();
    const line = await screen.findByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText(/Description/), { target: { value: 'A lesson' } });
    fireEvent.change(within(line).getByLabelText(/Unit price/), { target: { value: '30' } });
    fireEvent.click(selectInput(screen, 'Student'));
    fireEvent.click(await screen.findByRole('option', { name: 'Noah Patel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await within(line).findByText("Please choose a lesson of this student's calendar")).toBeTruthy();
  });
});
