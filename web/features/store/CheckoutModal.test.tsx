import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedCard } from '../../../shared/contracts/billing-family';
import type { CartAnswer, OrderAddress } from '../../../shared/contracts/store-orders';
import { fakeServer, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { permissionsOf } from '../../../shared/permissions';
import { FAMILY_CARDS_READ_ONLY } from '../../components/FamilyCardsReadOnlyNote';
import { renderWithApp } from '../../test/render';
import { CheckoutModal } from './CheckoutModal';
import { patient } from '../../../tests/patience';

const SLOW = { timeout: patient(5000) };

const cartOf = (store: 'school' | 'provider', over: Partial<CartAnswer> = {}): CartAnswer => ({
  results: [{
    _id: 'l1', storeId: { _id: 'p1', item_name: 'Lesson Book', item_code: null, item_image: [], quantity: 5 }, store, price: 12, quantity: 2, total: 24, shipping: 0,
    taxApplicable: false, short: false,
  }],
  store, count: 2, subTotal: 24, tax: 0, taxRate: 0, totalShippingCost: 0, grandTotal: 24, ...over,
});
const ADDRESS: OrderAddress = {
  _id: 'a1', first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
  country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
};
const card = (over: Partial<SavedCard>): SavedCard => ({
  cardId: 'c1', customerProfileId: 'sbxc_1', customerPaymentProfileId: 'sbxp_1', brand: 'Visa', last4: '1111', expMonth: '12', expYear: '2030',
  isDefault: true, expired: false, owner: { _id: 'u1', first_name: 'Lily', last_name: 'Chen' }, mine: true, ...over,
});
const CARDS = [card({ cardId: 'c2', brand: 'Mastercard', last4: '4444', isDefault: false, expMonth: '01', expYear: '2021', expired: true }), card({})];

function serve(cards: Answer): Call[] {
  return fakeServer((call) => {
    if (call.url === '/api/order/viewAddress') return { data: ADDRESS };
    if (call.url === '/api/order/addUserOrderAddress') return { data: ADDRESS };
    if (call.url === '/api/order/savedCards') return cards;
    if (call.url === '/api/order/addtoOrder') return { message: 'Order #1001 placed successfully', data: { order: { _id: 'o1' }, replayed: false } };
    return undefined;
  });
}

/** Opens checkout on the card step (the kept address saved again). */
async function cardStep(store: 'school' | 'provider', cart = cartOf(store)) {
  renderWithApp(<CheckoutModal opened cart={cart} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
  await waitFor(() => expect((within(dialog).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Lily'), SLOW);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
  await within(dialog).findByRole('heading', { name: '2. Payment' }, SLOW);
  return dialog;
}

describe('CheckoutModal: the card step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the buyer’s saved cards with "New card", starts on the default one and pays with it by its id', async () => {
    sessionAs('student');
    const calls = serve({ data: { results: CARDS } });
    const dialog = await cardStep('school');
    const group = await within(dialog).findByRole('radiogroup', { name: 'Pay with' }, SLOW);
    const visa = within(group).getByRole('radio', { name: 'Visa ending in 1111 (default)' }) as HTMLInputElement;
    expect(visa.checked).toBe(true);
    expect(within(group).getByText('Expires 12/2030')).toBeTruthy();
    const expired = within(group).getByRole('radio', { name: 'Mastercard ending in 4444' }) as HTMLInputElement;
    expect(expired.disabled).toBe(true);
    expect(within(group).getByText('Expired 01/2021')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Card number/)).toBeNull();

    // A new card shows its fields; back to the saved one, the order is placed with its id alone.
    fireEvent.click(within(group).getByRole('radio', { name: 'New card' }));
    expect(within(dialog).getByLabelText(/Card number/)).toBeTruthy();
    fireEvent.click(visa);
    expect(within(dialog).queryByLabelText(/Card number/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order/addtoOrder')).toBe(true));
    const placed = calls.find((c) => c.url === '/api/order/addtoOrder')!.body!;
    expect(placed).toEqual({ idempotencyKey: expect.any(String), cardId: 'c1' });
  });

  it('shows the order’s subtotal, the tax at the store’s rate, shipping and the grand total the server counted', async () => {
    sessionAs('student');
    serve({ data: { results: [] } });
    // 2 × 10.00 taxed at 8.25 % = 1.65 (the server's figures, as the cart answers them).
    const dialog = await cardStep('school', cartOf('school', { subTotal: 20, tax: 1.65, taxRate: 8.25, totalShippingCost: 5, grandTotal: 26.65 }));
    const totals = within(dialog).getByLabelText('Order totals');
    const row = (name: string) => within(totals).getByText(name).parentElement!.textContent;
    expect(row('Subtotal')).toBe('Subtotal$20.00');
    expect(row('Tax (8.25 %)')).toBe('Tax (8.25 %)$1.65');
    expect(row('Shipping')).toBe('Shipping$5.00');
    expect(row('Grand Total')).toBe('Grand Total$26.65');
  });

  it('without a default card it starts on a new card, and a new card sends its fields, not a card id', async () => {
    sessionAs('student');
    const calls = serve({ data: { results: [card({ isDefault: false })] } });
    const dialog = await cardStep('school');
    const group = await within(dialog).findByRole('radiogroup', { name: 'Pay with' }, SLOW);
    expect((within(group).getByRole('radio', { name: 'New card' }) as HTMLInputElement).checked).toBe(true);
    // Nothing typed: each field says what it needs (decision 074), and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    for (const message of ['Card number is required', 'Expiry month is required', 'Card code (CVV) is required']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(calls.some((c) => c.url === '/api/order/addtoOrder')).toBe(false);
    // The number as printed, with its spaces: sent as its digits.
    fireEvent.change(within(dialog).getByLabelText(/Card number/), { target: { value: '4111 1111 1111 1111' } });
    fireEvent.change(within(dialog).getByLabelText(/Card code \(CVV\)/), { target: { value: '123' } });
    fireEvent.change(within(dialog).getByLabelText(/Expiry month/), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText(/Expiry year/), { target: { value: '2030' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order/addtoOrder')).toBe(true));
    expect(calls.find((c) => c.url === '/api/order/addtoOrder')!.body).toEqual({ idempotencyKey: expect.any(String), cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' });
  });

  it('staff logged in as a student cannot place the order, and are told why (decision 069)', async () => {
    sessionAs('student', null, { permissions: permissionsOf({ role: 'student', addrole: null, showStore: true, realRole: 'teacher' }) });
    const calls = serve({ data: { results: CARDS } });
    const dialog = await cardStep('school');
    expect(within(dialog).getByText(FAMILY_CARDS_READ_ONLY)).toBeTruthy();
    const place = within(dialog).getByRole('button', { name: 'Place order' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    fireEvent.click(place);
    expect(calls.some((c) => c.url === '/api/order/addtoOrder')).toBe(false);
  });

  it('the provider’s store asks for no saved cards and says why in one line', async () => {
    sessionAs('student');
    const calls = serve({ data: { results: CARDS } });
    const dialog = await cardStep('provider');
    expect(within(dialog).getByText('Saved cards pay your school’s store only: enter a card for this order.')).toBeTruthy();
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(within(dialog).getByLabelText(/Card number/)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/order/savedCards')).toBe(false);
  });

  it('a buyer with no saved cards, or whose list cannot load, gets the new card and no error', async () => {
    sessionAs('teacher');
    serve({ status: 500, message: 'Something went wrong' });
    const dialog = await cardStep('school');
    expect(await within(dialog).findByLabelText(/Card number/, {}, SLOW)).toBeTruthy();
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(within(dialog).queryByText('Something went wrong')).toBeNull();
  });
});
