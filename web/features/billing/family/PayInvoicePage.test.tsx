import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayableInvoice, PayReceipt } from '../../../../shared/contracts/billing-family';
import { todayIn } from '../../../../shared/school-clock';
import { fakeFetch, type Answer as Envelope } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import PayInvoicePage from './PayInvoicePage';
import { patient } from '../../../../tests/patience';

const TOKEN = 'a'.repeat(43);
const SLOW = { timeout: patient(5000) };
// The browser's clock, as the page reads it: a year still ahead of it, and today.
const TODAY = todayIn('local');
const YEAR = String(Number(TODAY.slice(0, 4)) + 3);

const INVOICE: PayableInvoice = {
  invoiceNo: 'INV-000042',
  dueDeposit: 35,
  total: 35,
  subtotal: 40,
  discount: 5,
  paid: 0,
  currency: 'USD',
  issuedOn: '2031-02-24',
  dueDate: '2031-03-10',
  status: 'open',
  testMode: true,
  adminId: { id: 'school', school_name: 'Riverside Music Academy' },
  // Lily Chen's invoice, paid by her mother: billed to Grace Chen, as on the PDF (decision 075).
  billTo: {
    first_name: 'Grace', last_name: 'Chen', email: 'grace.chen@example.test', address1: '48 Riverside Drive', city: 'New York',
    state: 'NY', postal_code: '10024', country: 'US', cellPhone: '+12125550163',
  },
  studentName: 'Lily Chen',
  lines: [
    { description: 'Piano lesson – Mar 3', quantity: 1, unitPrice: 30, amount: 30 },
    { description: 'Sheet music', quantity: 2, unitPrice: 5, amount: 10 },
  ],
  receipt: null,
};

const RECEIPT: PayReceipt = {
  amount: 35, currency: 'USD', method: 'card', cardBrand: 'Visa', cardLast4: '1111', paidAt: '2031-03-01T14:14:00.000Z',
  paidOn: 'Mar 1, 2031, 9:14 AM', reference: '60123456789', emailedTo: 'grace.chen@example.test',
};
const PAID: PayableInvoice = { ...INVOICE, status: 'paid', dueDeposit: 0, paid: 35, receipt: RECEIPT };

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

/** The invoice, then the card form, which comes after the invoice has painted (decision 077). */
async function openForm() {
  await screen.findByRole('heading', { name: 'Invoice INV-000042' });
  return screen.findByRole('form', { name: 'Pay by card' }, SLOW);
}

async function fillCard(card = '4111 1111 1111 1111') {
  fireEvent.change(input('Card number'), { target: { value: card } });
  fireEvent.change(input('Card code (CVV)'), { target: { value: '123' } });
  fireEvent.change(select('Expiry month'), { target: { value: '12' } });
  fireEvent.change(select('Expiry year'), { target: { value: YEAR } });
}

describe('PayInvoicePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is being paid: the school, the invoice number, the payer billed (for the student), the lines, due date and balance; the form filled in with the payer; the button names the balance', async () => {
    const { fetch } = serve(() => INVOICE);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000042', level: 1 })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/invoice/${TOKEN}`);
    for (const text of ['Riverside Music Academy', 'Grace Chen', 'For Lily Chen', 'Test mode', 'Mar 10, 2031', 'Feb 24, 2031']) expect(screen.getByText(text)).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    const rows = within(lines).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Piano lesson – Mar 31$30.00', 'Sheet music2 × $5.002$10.00']);
    const totals = screen.getByRole('group', { name: 'Totals' }).textContent;
    expect(totals).toBe('Subtotal$40.00Discount-$5.00Total$35.00Balance due$35.00');
    await openForm();
    // Billing details are the payer's, as the PDF bills them.
    expect((input('First Name') as HTMLInputElement).value).toBe('Grace');
    expect((input('Email') as HTMLInputElement).value).toBe('grace.chen@example.test');
    expect((input('Postal Code') as HTMLInputElement).value).toBe('10024');
    expect(screen.getByRole('button', { name: 'Pay $35.00' })).toBeTruthy();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    // docs/domains/billing.md "Limits" (decision 074): the years from this one on, sixteen of them.
    const years = Array.from((select('Expiry year') as HTMLSelectElement).options).map((o) => o.value).filter(Boolean);
    expect(years[0]).toBe(TODAY.slice(0, 4));
    expect(years).toHaveLength(16);
  }, patient(20_000));

  it('shows a loading state until the invoice comes', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; })));
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the invoice' })).toBeTruthy();
    answer(new Response(JSON.stringify({ status: 200, message: 'Success', data: INVOICE }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000042' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the invoice' })).toBeNull();
  });

  it('takes the number as printed, with spaces or dashes, and shows it in groups; only digits into the card code', async () => {
    serve(() => INVOICE);
    renderPage();
    await openForm();
    fireEvent.change(input('Card number'), { target: { value: '4111-1111-1111-1111' } });
    expect((input('Card number') as HTMLInputElement).value).toBe('4111 1111 1111 1111');
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(fireEvent.keyDown(input('Card code (CVV)'), { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(input('Card code (CVV)'), { key: '4' })).toBe(true);
    expect(fireEvent.keyDown(input('Card code (CVV)'), { key: 'Backspace' })).toBe(true);
  }, patient(20_000));

  it('shows the documented messages under the fields and sends nothing', async () => {
    const { sent } = serve(() => INVOICE);
    renderPage();
    await openForm();
    fireEvent.change(input('First Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $35.00' }));
    await waitFor(() => expect(errorOf(input('Card number'))).toBe('Card number is required'), SLOW);
    expect(errorOf(input('Card code (CVV)'))).toBe('Card code (CVV) is required');
    expect(errorOf(select('Expiry month'))).toBe('Expiry month is required');
    expect(errorOf(select('Expiry year'))).toBe('Expiry year is required');
    expect(errorOf(input('First Name'))).toBe('First Name is Required');
    fireEvent.change(input('Card number'), { target: { value: '1234567890123456' } });
    await waitFor(() => expect(errorOf(input('Card number'))).toBe('Enter a valid card number'), SLOW);
    expect(sent).toEqual([]);
  }, patient(20_000));

  it('shows a decline in an error dialog, then after paying the receipt on the page in place of the form, with the PDF', async () => {
    let invoice = INVOICE;
    const { sent } = serve(() => invoice, [
      { status: 400, body: { status: 400, message: 'This transaction has been declined.', data: null } },
      {
        status: 200,
        body: {
          status: 200, message: 'Thank you! Your payment of $35.00 for invoice INV-000042 was received.',
          data: { invoiceNo: 'INV-000042', amount: 35, transactionId: 'p1', status: 'paid', balance: 0, receipt: RECEIPT },
        },
      },
    ]);
    renderPage();
    await openForm();
    await fillCard();
    fireEvent.change(input('Postal Code'), { target: { value: '46282' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $35.00' }));
    const failed = await screen.findByRole('dialog', { name: 'Payment failed' }, SLOW);
    expect(within(failed).getByText('This transaction has been declined.')).toBeTruthy();
    // The number typed with spaces is sent as its digits.
    expect(sent[0]).toMatchObject({ cardNo: '4111111111111111', expDate: `${YEAR}-12`, invoiceId: TOKEN, postalCode: '46282', firstName: 'Grace' });
    expect(sent[0]).not.toHaveProperty('amount');
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment failed' })).toBeNull(), SLOW);
    // The form keeps what was typed after a decline.
    expect((input('Card number') as HTMLInputElement).value).toBe('4111 1111 1111 1111');

    fireEvent.change(input('Postal Code'), { target: { value: '10024' } });
    invoice = PAID;
    fireEvent.click(screen.getByRole('button', { name: 'Pay $35.00' }));
    const heading = await screen.findByRole('heading', { name: 'Payment received' }, SLOW);
    // A new attempt, a new key.
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
    expect(sent).toHaveLength(2);
    // The receipt replaces the form, and takes the focus so that it is read out.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Thank you! Your payment of $35.00 for invoice INV-000042 was received.')).toBeTruthy();
    const receipt = screen.getByRole('region', { name: 'Payment received' });
    for (const text of ['$35.00', 'Visa ending in 1111', 'Mar 1, 2031, 9:14 AM', '60123456789', 'A receipt was emailed to grace.chen@example.test.']) {
      expect(within(receipt).getByText(text)).toBeTruthy();
    }
    const pdf = within(receipt).getByRole('link', { name: 'Download invoice PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/invoice/${TOKEN}/pdf`);
    expect(pdf.getAttribute('download')).toBe('INV-000042.pdf');
    expect(screen.queryByLabelText('Card number', { exact: false, selector: 'input' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, patient(20_000));

  it('sends one charge for a double click: the second click finds the button busy', async () => {
    let release: () => void = () => {};
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
      const json = (data: unknown, message = 'Success') => new Response(JSON.stringify({ status: 200, message, data }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (!init?.method || init.method === 'GET') return json(INVOICE);
      sent.push(JSON.parse(String(init.body)));
      await new Promise<void>((r) => { release = r; });
      return json({ invoiceNo: 'INV-000042', amount: 35, transactionId: 'p1', status: 'paid', balance: 0, receipt: RECEIPT }, 'Thank you!');
    }));
    renderPage();
    await openForm();
    await fillCard();
    const button = screen.getByRole('button', { name: 'Pay $35.00' });
    fireEvent.click(button);
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    release();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(1);
  }, patient(20_000));

  it('shows a paid invoice (nothing owed) as "This invoice is paid" with its receipt and the PDF, and no form', async () => {
    serve(() => PAID);
    renderPage();
    const receipt = await screen.findByRole('region', { name: 'This invoice is paid' });
    expect(within(receipt).getByText('Visa ending in 1111')).toBeTruthy();
    expect(within(receipt).getByText('60123456789')).toBeTruthy();
    expect(within(receipt).getByRole('link', { name: 'Download invoice PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.getByRole('group', { name: 'Totals' }).textContent).toContain('Paid-$35.00Balance due$0.00');
  });

  it('shows a paid invoice without a card payment (cash at the office) with how it was paid and no email', async () => {
    serve(() => ({ ...PAID, receipt: { ...RECEIPT, method: 'cash', cardBrand: null, cardLast4: null, reference: 'Receipt 7', emailedTo: null } }));
    renderPage();
    const receipt = await screen.findByRole('region', { name: 'This invoice is paid' });
    expect(within(receipt).getByText('Cash')).toBeTruthy();
    expect(within(receipt).getByText('Receipt 7')).toBeTruthy();
    expect(within(receipt).queryByText(/emailed/)).toBeNull();
  });

  it('says a void invoice cannot be paid, offers its PDF and no form', async () => {
    serve(() => ({ ...INVOICE, status: 'void' }));
    renderPage();
    expect(await screen.findByText('This invoice was cancelled by the school and cannot be paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download invoice PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('reads the invoice again when a payment is refused as already paid (another tab paid it): the receipt, not the form', async () => {
    let invoice = INVOICE;
    serve(() => invoice, [{ status: 409, body: { status: 409, message: 'This invoice is already paid.', data: null } }]);
    renderPage();
    await openForm();
    await fillCard();
    invoice = PAID;
    fireEvent.click(screen.getByRole('button', { name: 'Pay $35.00' }));
    expect(await screen.findByRole('dialog', { name: 'Payment failed' }, SLOW)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'This invoice is paid' }, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('Card number', { exact: false, selector: 'input' })).toBeNull();
  }, patient(20_000));

  it('says so when the link finds no invoice, and tries again', async () => {
    const fetch = fakeFetch(() => ({ status: 404, message: 'Invoice not found', data: null }));
    renderPage();
    expect(await screen.findByText('Invoice not found')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This invoice cannot be shown');
    fireEvent.click(screen.getByText('Try again'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
