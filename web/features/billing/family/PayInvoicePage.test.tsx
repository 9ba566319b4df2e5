import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayableInvoice } from '../../../../shared/contracts/billing-family';
import { todayIn } from '../../../../shared/school-clock';
import { fakeFetch, type Answer as Envelope } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import PayInvoicePage from './PayInvoicePage';

const TOKEN = 'a'.repeat(43);
const SLOW = { timeout: 5000 };
// The browser's clock, as the page reads it: a year still ahead of it, and today.
const TODAY = todayIn('local');
const YEAR = String(Number(TODAY.slice(0, 4)) + 3);

const INVOICE: PayableInvoice = {
  invoiceNo: 'INV-000042',
  dueDeposit: 120,
  total: 120,
  currency: 'USD',
  dueDate: '2031-03-10',
  status: 'open',
  testMode: true,
  adminId: { id: 'school', school_name: 'Riverside Music Academy' },
  studentId: {
    first_name: 'Lily', last_name: 'Chen', email: 'lily@example.test', address1: '48 Riverside Drive', city: 'New York',
    state: 'NY', postal_code: '10024', country: 'US', cellPhone: '+12125550163',
  },
};

type Answer = { status: number; body: Envelope };

/** GET answers the invoice (as `invoice()` says); POST answers the next of `answers` and keeps what it was sent. */
function serve(invoice: () => PayableInvoice, answers: Answer[] = []) {
  const sent: Record<string, unknown>[] = [];
  const fetch = fakeFetch(({ method, body }) => {
    if (method === 'GET') return { message: 'Success', data: invoice() };
    sent.push(body!);
    const r = answers.shift() ?? { status: 500, body: { status: 500, message: 'Something went wrong', data: null } };
    return { ...r.body, status: r.status };
  });
  return { fetch, sent };
}

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/invoices/pay/:id" element={<PayInvoicePage />} />
    </Routes>,
    { path: `/invoices/pay/${TOKEN}` },
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const select = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'select' });
const errorOf = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).find(Boolean);

async function fillCard(card = '4111 1111 1111 1111') {
  fireEvent.change(input('Card number'), { target: { value: card } });
  fireEvent.change(input('Card code (CVV)'), { target: { value: '123' } });
  fireEvent.change(select('Expiry month'), { target: { value: '12' } });
  fireEvent.change(select('Expiry year'), { target: { value: YEAR } });
}

describe('PayInvoicePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows "Add Card Details", the school, invoice number, bill-to, balance due, Test mode, and the fields prefilled from the bill-to', async () => {
    const { fetch } = serve(() => INVOICE);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Add Card Details' })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/invoice/${TOKEN}`);
    for (const text of ['Riverside Music Academy', 'INV-000042', 'Lily Chen', 'Test mode']) expect(screen.getByText(text)).toBeTruthy();
    expect((input('First Name') as HTMLInputElement).value).toBe('Lily');
    expect((input('Postal Code') as HTMLInputElement).value).toBe('10024');
    const amount = input('Amount') as HTMLInputElement;
    expect(amount.value).toBe('$120.00');
    expect(amount.disabled).toBe(true);
    // docs/domains/billing.md "Limits" (decision 074): the years from this one on, sixteen of them.
    const years = Array.from((select('Expiry year') as HTMLSelectElement).options).map((o) => o.value).filter(Boolean);
    expect(years[0]).toBe(TODAY.slice(0, 4));
    expect(years).toHaveLength(16);
  });

  it('takes the number as printed, with spaces or dashes, and shows it in groups; only digits into the card code', async () => {
    serve(() => INVOICE);
    renderPage();
    await screen.findByRole('heading', { name: 'Add Card Details' });
    fireEvent.change(input('Card number'), { target: { value: '4111-1111-1111-1111' } });
    expect((input('Card number') as HTMLInputElement).value).toBe('4111 1111 1111 1111');
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(fireEvent.keyDown(input('Card code (CVV)'), { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(input('Card code (CVV)'), { key: '4' })).toBe(true);
    expect(fireEvent.keyDown(input('Card code (CVV)'), { key: 'Backspace' })).toBe(true);
  });

  it('shows the documented messages under the fields and sends nothing', async () => {
    const { sent } = serve(() => INVOICE);
    renderPage();
    await screen.findByRole('heading', { name: 'Add Card Details' });
    fireEvent.change(input('First Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(input('Card number'))).toBe('Card number is required'), SLOW);
    expect(errorOf(input('Card code (CVV)'))).toBe('Card code (CVV) is required');
    expect(errorOf(select('Expiry month'))).toBe('Expiry month is required');
    expect(errorOf(select('Expiry year'))).toBe('Expiry year is required');
    expect(errorOf(input('First Name'))).toBe('First Name is Required');
    fireEvent.change(input('Card number'), { target: { value: '1234567890123456' } });
    await waitFor(() => expect(errorOf(input('Card number'))).toBe('Enter a valid card number'), SLOW);
    expect(sent).toEqual([]);
  });

  it('shows a decline in an error dialog, then a success that only its close button dismisses; the form clears and the invoice reads paid', async () => {
    let invoice = INVOICE;
    const { sent } = serve(() => invoice, [
      { status: 400, body: { status: 400, message: 'This transaction has been declined.', data: null } },
      { status: 200, body: { status: 200, message: 'Thank you! Your payment of $120.00 for invoice INV-000042 was received.', data: { status: 'paid' } } },
    ]);
    renderPage();
    await screen.findByRole('heading', { name: 'Add Card Details' });
    await fillCard();
    fireEvent.change(input('Postal Code'), { target: { value: '46282' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const failed = await screen.findByRole('dialog', { name: 'Payment failed' }, SLOW);
    expect(within(failed).getByText('This transaction has been declined.')).toBeTruthy();
    // The number typed with spaces is sent as its digits.
    expect(sent[0]).toMatchObject({ cardNo: '4111111111111111', expDate: `${YEAR}-12`, invoiceId: TOKEN, postalCode: '46282' });
    expect(sent[0]).not.toHaveProperty('amount');
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment failed' })).toBeNull(), SLOW);

    fireEvent.change(input('Postal Code'), { target: { value: '10024' } });
    invoice = { ...INVOICE, status: 'paid', dueDeposit: 0 };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const done = await screen.findByRole('dialog', { name: 'Payment successful' }, SLOW);
    expect(within(done).getByText('Thank you! Your payment of $120.00 for invoice INV-000042 was received.')).toBeTruthy();
    // A new attempt, a new key.
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
    expect(within(done).queryByRole('button', { name: /ok|confirm/i })).toBeNull();
    expect(await screen.findByText('This invoice is paid.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('Card number', { exact: false, selector: 'input' })).toBeNull();
  }, 20_000);

  it('says a paid invoice is paid and offers no form', async () => {
    serve(() => ({ ...INVOICE, status: 'paid', dueDeposit: 0 }));
    renderPage();
    expect(await screen.findByText('This invoice is paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('says so when the link finds no invoice', async () => {
    fakeFetch(() => ({ status: 404, message: 'Invoice not found', data: null }));
    renderPage();
    expect(await screen.findByText('Invoice not found')).toBeTruthy();
  });
});
