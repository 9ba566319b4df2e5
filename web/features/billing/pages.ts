/**
 * The billing feature's pages for the app layer's router (web/app/pages.ts): loaders only, so each
 * page stays a lazy chunk of its own and nothing of this feature enters the first load.
 */
export const billingPages = {
  PaymentBillingPage: () => import('./family/PaymentBillingPage'),
  PayInvoicePage: () => import('./family/PayInvoicePage'),
  PaymentReportPage: () => import('./reports/PaymentReportPage'),
  PaymentDetailsPage: () => import('./reports/PaymentDetailsPage'),
  RecurringInvoicePage: () => import('./recurring/RecurringInvoicePage'),
  InvoiceListPage: () => import('./invoices/InvoiceListPage'),
  NewInvoicePage: () => import('./invoices/NewInvoicePage'),
  PlanBuilderPage: () => import('./plans/PlanBuilderPage'),
  ApprovePlanPage: () => import('./plans/ApprovePlanPage'),
  PlanRegistrationPage: () => import('./plans/PlanRegistrationPage'),
  BuyPlanDetailsPage: () => import('./plans/BuyPlanDetailsPage'),
  WidgetPage: () => import('./plans/WidgetPage'),
  WidgetPublicPage: () => import('./plans/WidgetPublicPage'),
};
