import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetails } from '../../../shared/contracts/store-orders';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import OrderDetailsPage from './OrderDetailsPage';
import { patient } from '../../../tests/patience';

const SLOW = { timeout: patient(5000) };

const order = (payment: Partial<OrderDetails['payment']>, nextStatuses: OrderDetails['nextStatuses'] = []): OrderDetails => ({
  _id: 'o1', order_number: 1004, orderNo: '#1004', store: 'school', storeName: 'Riverside Music Academy', status: 'pending',
  userId: { _id: 'u2', first_name: 'Lily', last_name: 'Chen', school_name: 'Riverside Music Academy' }, itemCount: 1, createdAt: '2031-03-01T10:00:00.000Z',
  subTotal: 3.99, tax: 0, taxRate: 0, totalShippingCost: 0, grandTotal: 3.99,
  addressId: {
    _id: 'a1', first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
    country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
  },
  items: [{ _id: 'i1', storeId: { _id: 'p1', item_name: 'Cleaning Cloth', item_code: null, item_image: [] }, sellerId: null, price: 3.99, quantity: 1, total: 3.99, shipping: 0, taxApplicable: true }],
  payment: { cardBrand: 'Visa', cardLast4: '1111', transactionId: null, testMode: true, refunded: 0, paidAt: null, status: 'charged', refunding: false, ...payment },
  history: [{ _id: 'h1', from: null, to: 'pending', by: null, createdAt: '2031-03-01T10:00:00.000Z' }],
  nextStatuses,
  invoices: ['customer'],
});

function show(answer: OrderDetails) {
  fakeServer((call) => (call.url === '/api/order/viewOrder/o1' ? { data: answer } : undefined));
  renderWithApp(<Routes><Route path="/stores/order-details/:id" element={<OrderDetailsPage />} /></Routes>, { path: '/stores/order-details/o1' });
}

describe('OrderDetailsPage: a payment waiting for its gateway answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "Payment being confirmed" for a charging order, and offers no status change', async () => {
    sessionAs('admin');
    show(order({ status: 'charging' }));
    expect(await screen.findByText('Payment being confirmed', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/please do not pay again/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change status' })).toBeNull();
  });

  it('says "Refund being confirmed" while a refund holds its lease', async () => {
    sessionAs('admin');
    show({ ...order({ refunding: true }), status: 'paid' });
    expect(await screen.findByText('Refund being confirmed', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change status' })).toBeNull();
  });

  it('a settled order shows neither, and the staff’s status control', async () => {
    sessionAs('admin');
    show({ ...order({}, ['processing', 'shipped', 'refunded']), status: 'paid' });
    const control = await screen.findByRole('form', { name: 'Change status' }, SLOW);
    expect(within(control).getByRole('button', { name: 'Update status' })).toBeTruthy();
    expect(screen.queryByText('Payment being confirmed')).toBeNull();
    expect(screen.queryByText('Refund being confirmed')).toBeNull();
  });
});
