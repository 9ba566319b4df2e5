import { z } from 'zod';
import { uuid } from './common.js';
import type { OrderAddress, OrderDetails, OrderItem } from './store-orders.js';

/**
 * The printable invoices of an order (issue 16, docs/domains/store.md "Data and calls", "Limits"): the customer invoice
 * (type 1) and the vendor invoice for the seller (type 2), by GET /order/getSingleUserOrder?id&type,
 * and the same invoice as a server-made PDF (GET /order/invoicePdf?id&type).
 */
export const INVOICE_TYPES = { customer: 1, vendor: 2 } as const;
export const INVOICE_TERMS = {
  customer: 'This will be a monthly recurring payment.',
  vendor: 'Cash and check payments are due upon receipt.',
} as const;

export const singleOrderQuery = z.object({
  id: uuid,
  type: z.coerce.number({ error: 'Type is Required' }).int().refine((v) => v === 1 || v === 2, 'Type must be 1 (customer) or 2 (vendor)'),
});

export type InvoiceSeller = { first_name: string; last_name: string; address: string; state: string; postal_code: string; cell_phone: string };

type InvoiceBase = {
  _id: string;
  order_number: string;
  createdAt: string;
  status: OrderDetails['status'];
  items: OrderItem[];
  subTotal: number;
  /** The tax charged on the items that are tax applicable (docs/domains/store.md "Data and calls"'s taxApplicable). */
  taxApplicable: number;
  grandTotal: number;
  terms: string;
};
export type CustomerInvoice = InvoiceBase & {
  type: 1;
  userId: { _id: string; first_name: string; last_name: string; school_name: string };
  addressId: OrderAddress;
  totalShippingCost: number;
};
export type VendorInvoice = InvoiceBase & {
  type: 2;
  seller: InvoiceSeller;
  addressId: OrderAddress;
};
export type StoreInvoice = CustomerInvoice | VendorInvoice;
