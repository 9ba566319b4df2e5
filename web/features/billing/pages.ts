/**
 * The billing feature's pages for the app layer's router (web/app/pages.ts): loaders only, so each
 * page stays a lazy chunk of its own and nothing of this feature enters the first load.
 */
export const billingPages = {
  InvoiceListPage: () => import('./invoices/InvoiceListPage'),
  NewInvoicePage: () => import('./invoices/NewInvoicePage'),
  PaymentReportPage: () => import('./reports/PaymentReportPage'),
  PaymentDetailsPage: () => import('./reports/PaymentDetailsPage'),
  RecurringInvoicePage: () => import('./recurring/RecurringInvoicePage'),
};
