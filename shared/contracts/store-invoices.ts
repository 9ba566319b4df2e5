import { z } from 'zod';
import { uuid } from './common.js';
import { defineRoute, fileResponse } from './route.js';
import { ORDER_STATUSES, orderAddress, orderItem } from './store-orders.js';

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

const invoiceSeller = z.object({
  first_name: z.string(), last_name: z.string(), address: z.string(), state: z.string(), postal_code: z.string(), cell_phone: z.string(),
});
export type InvoiceSeller = z.infer<typeof invoiceSeller>;

const invoiceBase = z.object({
  _id: z.string(),
  order_number: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(orderItem),
  subTotal: z.number(),
  /** The tax charged on the items that are tax applicable (docs/domains/store.md "Data and calls"'s taxApplicable). */
  taxApplicable: z.number(),
  grandTotal: z.number(),
  terms: z.string(),
});
const customerInvoice = invoiceBase.extend({
  type: z.literal(1),
  userId: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), school_name: z.string() }),
  addressId: orderAddress,
  totalShippingCost: z.number(),
});
export type CustomerInvoice = z.infer<typeof customerInvoice>;
const vendorInvoice = invoiceBase.extend({ type: z.literal(2), seller: invoiceSeller, addressId: orderAddress });
export type VendorInvoice = z.infer<typeof vendorInvoice>;
const storeInvoice = z.discriminatedUnion('type', [customerInvoice, vendorInvoice]);
export type StoreInvoice = z.infer<typeof storeInvoice>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Any signed-in role reaches the order's own check (its buyer, its store's staff, the superadmin). */
export const STORE_INVOICE_ROUTES = {
  view: defineRoute({ method: 'GET', path: '/order/getSingleUserOrder', querystring: singleOrderQuery, response: storeInvoice, meta: { roles: 'signedIn', tags: ['store: invoices'], lapsedSchool: 'open' } }),
  /** The same invoice as the server's vector PDF (decision 047). */
  pdf: defineRoute({ method: 'GET', path: '/order/invoicePdf', querystring: singleOrderQuery, response: fileResponse('application/pdf'), meta: { roles: 'signedIn', tags: ['store: invoices'], lapsedSchool: 'open' } }),
};
