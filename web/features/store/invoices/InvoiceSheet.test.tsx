import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVOICE_TERMS, type CustomerInvoice, type VendorInvoice } from '../../../../shared/contracts/store-invoices';
import { renderWithApp } from '../../../test/render';
import { InvoiceSheet } from './InvoiceSheet';

const ITEMS: CustomerInvoice['items'] = [
  { _id: 'i1', storeId: { _id: 'p1', item_name: 'Cleaning Cloth', item_code: 'AC-CLO', item_image: [] }, sellerId: null, price: 3.99, quantity: 2, total: 7.98, shipping: 5, taxApplicable: true },
];
const ADDRESS: CustomerInvoice['addressId'] = {
  _id: 'a1', first_name: 'Lily', last_name: 'Chen', address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704', country: 'US', cellPhone: '(217) 555-0148', email: 'lily@example.test',
};
const BASE = { _id: 'o1', order_number: '#1001', createdAt: '2026-11-15T12:00:00.000Z', status: 'delivered' as const, items: ITEMS, subTotal: 7.98, taxApplicable: 0.66, grandTotal: 13.64, addressId: ADDRESS };
const CUSTOMER: CustomerInvoice = { ...BASE, type: 1, userId: { _id: 'u1', first_name: 'Lily', last_name: 'Chen', school_name: 'Riverside Music Academy' }, totalShippingCost: 5, terms: INVOICE_TERMS.customer };
const VENDOR: VendorInvoice = { ...BASE, type: 2, seller: { first_name: 'Riverside Music Academy', last_name: '', address: '48 Riverside Drive', state: 'NY', postal_code: '10024', cell_phone: '+12125550142' }, terms: INVOICE_TERMS.vendor };

describe('InvoiceSheet', () => {
  it('shows the customer invoice: numbered title, school, ship-to, the item with its placeholder, dollar totals with shipping, terms', () => {
    renderWithApp(<InvoiceSheet invoice={CUSTOMER} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice #1001' })).toBeTruthy();
    expect(screen.getByText('Riverside Music Academy')).toBeTruthy();
    expect(screen.getByText('Springfield, IL, 62704')).toBeTruthy();
    expect(screen.getByText('Code: AC-CLO')).toBeTruthy();
    expect(screen.getByTestId('item-image-placeholder')).toBeTruthy();
    expect(screen.getByTestId('invoice-tax').textContent).toBe('$0.66');
    expect(screen.getByTestId('invoice-shipping').textContent).toBe('$5.00');
    expect(screen.getByTestId('invoice-grand-total').textContent).toBe('$13.64');
    expect(screen.getByText(INVOICE_TERMS.customer)).toBeTruthy();
  });

  it('shows the vendor invoice with its seller, no shipping line and the vendor terms', () => {
    renderWithApp(<InvoiceSheet invoice={VENDOR} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Vendor Invoice #1001' })).toBeTruthy();
    expect(screen.getByText('Seller')).toBeTruthy();
    expect(screen.getByText('NY 10024')).toBeTruthy();
    expect(screen.queryByTestId('invoice-shipping')).toBeNull();
    expect(screen.getByText(INVOICE_TERMS.vendor)).toBeTruthy();
  });
});
