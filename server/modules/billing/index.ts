/**
 * The billing module's one entry (issue 11, decision 030): invoices, card payments through the
 * school's gateway, saved cards and autopay, recurring invoices and late fees, payment reports.
 * Sub-folders: invoices/, payments/, family/, recurring/, late-fees/, reports/, settings/, demo/, plans/ (issue 12: a school's plans for its students).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedBillingDemo } from './demo/seed-billing-demo.js';
import { familyRoutes, registerFamilyJobs } from './family/index.js';
import { invoiceRoutes } from './invoices/routes.js';
import { registerRecurringAndLateFeeJobs } from './jobs.js';
import { invoiceChargeKind } from './payments/reconcile-pending.js';
import { paymentRoutes } from './payments/routes.js';
import { planPaymentBillingRoutes, studentPlanRoutes } from './plans/plan-routes.js';
import { widgetRoutes } from './plans/widget-routes.js';
import { recurringRoutes } from './recurring/recurring-routes.js';
import { paymentReportRoutes } from './reports/report-routes.js';
import { billingSettingsRoutes } from './settings/settings-routes.js';

/** For the store's checkout and its reconciliation (decision 053): the caller's saved cards, and charging once's timing. */
export { ownCards } from './family/saved-cards.js';
export { familyContextOf } from './family/family-context.js';
export { STALE_ATTEMPT_MS } from './payments/charge-invoice.js';
export { GIVE_UP_AFTER_MS } from './payments/reconcile-pending.js';

/** For the signup widget: a visitor may sign up for a plan the school offers. */
export { isOfferedPlan, planNamesOf } from './plans/plans-service.js';

export const billing: ModuleDefinition = {
  name: 'billing',
  routes: [
    { plugin: invoiceRoutes },
    { plugin: paymentRoutes },
    ...familyRoutes,
    { plugin: paymentReportRoutes },
    { plugin: billingSettingsRoutes },
    { plugin: recurringRoutes },
    { plugin: studentPlanRoutes },
    { plugin: planPaymentBillingRoutes },
    { plugin: widgetRoutes },
  ],
  // Attempts whose gateway answer was lost: settled by the one reconciliation job (decision 070).
  chargeKinds: ({ db, config }) => [invoiceChargeKind(db, { config })],
  jobs: (ctx) => {
    registerFamilyJobs(ctx);
    registerRecurringAndLateFeeJobs(ctx);
  },
  seedDemo: seedBillingDemo,
};
