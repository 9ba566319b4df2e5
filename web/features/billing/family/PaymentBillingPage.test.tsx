import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardList, FamilyBilling, FamilyInvoice, PaymentMethodList, SavedCard } from '../../../../shared/contracts/billing-family';
import { fakeServer, sessionAs, type Call } from '../../../test/fakeApi';
import { permissionsOf } from '../../../../shared/permissions';
import { FAMILY_CARDS_READ_ONLY } from '../../../components/FamilyCardsReadOnlyNote';
import { renderWithApp } from '../../../test/render';
import PaymentBillingPage from './PaymentBillingPage';
import { patient } from '../../../../tests/patience';

const SLOW = { timeout: patient(5000) };

const invoice = (over: Partial<FamilyInvoice>): FamilyInvoice => ({
  _id: 'i1', invoiceNo: 'INV-000007', student: { _id: 'lily', first_name: 'Lily', last_name: 'Chen' }, status: 'open',
  issuedOn: '2031-03-01', dueOn: '2031-03-15', total: 120, paid: 0, balance: 120, currency: 'USD', paidAt: null,
  payLink: 'http://cadenza.test/invoices/pay/tok', payerIsYou: true, ...over,
});

const BILLING: FamilyBilling = {
  open: [invoice({}), invoice({ _id: 'i2', invoiceNo: 'INV-000003', student: { _id: 'owen', first_name: 'Owen', last_name: 'Chen' }, status: 'overdue', total: 45.5, balance: 45.5 })],
  totalDue: 165.5,
  currency: 'USD',
  paid: { results: [invoice({ _id: 'i0', invoiceNo: 'INV-000001', status: 'paid', balance: 0, paid: 120, paidAt: '2031-02-03T10:00:00.000Z', payLink: null })], page: 1, limit: 10, totalCount: 1 },
  students: [{ _id: 'lily', first_name: 'Lily', last_name: 'Chen', autopay: false }, { _id: 'owen', first_name: 'Owen', last_name: 'Chen', autopay: true }],
  isPayer: true,
  testMode: true,
};

const VISA: SavedCard = {
  cardId: 'c1', customerProfileId: 'sbxc_1', customerPaymentProfileId: 'sbxp_1', brand: 'Visa', last4: '1111', expMonth: '12', expYear: '2030',
  isDefault: true, expired: false, owner: { _id: 'u1', first_name: 'Grace', last_name: 'Chen' }, mine: true,
};

function serve(over: { billing?: FamilyBilling; cards?: SavedCard[] } = {}) {
  return fakeServer((call: Call) => {
    if (call.url === '/api/paymentbilling/invoices') return { data: over.billing ?? BILLING };
    if (call.url === '/api/studentBilling/cardList') return { data: { results: over.cards ?? [VISA], testMode: true } satisfies CardList };
    if (call.url.startsWith('/api/paymentMethod/getPaymentMethodList/')) return { data: { cards: over.cards ?? [VISA], brands: ['Visa'], testMode: true } satisfies PaymentMethodList };
    if (call.url === '/api/paymentbilling/payInvoice') return { message: 'Thank you! Your payment of $120.00 for invoice INV-000007 was received.', data: { status: 'paid' } };
    if (call.url === '/api/paymentbilling/autopay') return { message: 'Autopay is on', data: { _id: 'lily', autopay: true } };
    if (call.url === '/api/studentBilling/mySubscription') return { data: [] };
    if (call.url === '/api/paymentbilling/planList') return { data: { results: [], page: 1, limit: 6, totalCount: 0 } };
    return undefined;
  });
}

describe('PaymentBillingPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a parent’s children’s open invoices with one total and Pay links, the paid ones, cards and a switch per child', async () => {
    sessionAs('parent');
    serve();
    renderWithApp(<PaymentBillingPage />);
    const open = await screen.findByRole('region', { name: 'Open invoices' }, SLOW);
    expect(within(open).getByText('Total due: $165.50')).toBeTruthy();
    const lily = within(open).getByRole('listitem', { name: 'INV-000007 for Lily Chen' });
    expect(within(lily).getByRole('link', { name: 'Pay INV-000007' }).getAttribute('href')).toBe('http://cadenza.test/invoices/pay/tok');
    expect(within(lily).getByRole('button', { name: 'Pay INV-000007 with saved card' })).toBeTruthy();
    expect(within(open).getByText('Overdue')).toBeTruthy();
    const paid = screen.getByRole('region', { name: 'Paid invoices' });
    expect(within(paid).getByRole('listitem', { name: 'INV-000001 for Lily Chen' })).toBeTruthy();
    expect(await screen.findByText('Visa ending in 1111', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Autopay for Owen Chen' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Autopay for Lily Chen' }) as HTMLInputElement).checked).toBe(false);
  });

  it('pays an invoice with the default saved card, one key an attempt', async () => {
    sessionAs('parent');
    const calls = serve();
    renderWithApp(<PaymentBillingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay INV-000007 with saved card' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with saved card' }, SLOW);
    expect(((await within(dialog).findByRole('radio', { name: 'Visa ending in 1111 (default)' }, SLOW)) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $120.00' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/paymentbilling/payInvoice')).toBe(true), SLOW);
    const sent = calls.find((c) => c.url === '/api/paymentbilling/payInvoice')!.body!;
    expect(sent).toMatchObject({ invoiceId: 'i1', cardId: 'c1' });
    expect(String(sent.idempotencyKey)).toMatch(/^[0-9a-f]{32}$/);
    expect(sent).not.toHaveProperty('amount');
  });

  it('tells a child whose parent pays where the cards are, and offers no saved-card payment', async () => {
    sessionAs('student');
    serve({ billing: { ...BILLING, isPayer: false, open: [invoice({ payerIsYou: false })] } });
    renderWithApp(<PaymentBillingPage />);
    expect(await screen.findByText(/Your parent pays your invoices/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /with saved card/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay INV-000007' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('staff logged in as a parent read the cards and autopay, and are offered no card or pay button (decision 069)', async () => {
    sessionAs('parent', null, { permissions: permissionsOf({ role: 'parent', addrole: null, showStore: false, realRole: 'admin' }) });
    serve();
    renderWithApp(<PaymentBillingPage />);
    expect(await screen.findByText(FAMILY_CARDS_READ_ONLY, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('Visa ending in 1111', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /with saved card/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add a card|Remove|default/i })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Autopay for Owen Chen' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('asks staff to choose a student first', async () => {
    sessionAs('admin');
    const calls = serve();
    renderWithApp(<PaymentBillingPage />);
    expect(await screen.findByText('Choose a student to see their invoices.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/paymentbilling/invoices')).toEqual([]);
  });
});
