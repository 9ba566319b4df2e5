/**
 * The store's printable invoices (issue 16, decision 047): an order's customer invoice and its
 * vendor invoice for the seller, as data (GET /order/getSingleUserOrder?id&type) and as a vector
 * PDF (GET /order/invoicePdf?id&type). Orders themselves are the store-orders module's.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { invoiceRoutes } from './routes.js';

export const storeInvoices: ModuleDefinition = {
  name: 'store-invoices',
  routes: [{ plugin: invoiceRoutes }],
};
