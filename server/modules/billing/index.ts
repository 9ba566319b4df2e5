/**
 * The billing module's one entry (issue 11, decision 030): invoices, card payments through the
 * school's gateway, saved cards and autopay, recurring invoices and late fees, payment reports.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedBillingDemo } from './demo/seed-billing-demo.js';
import { familyRoutes, registerFamilyJobs } from './family/index.js';
import { invoiceRoutes } from './invoices/routes.js';
import { registerPaymentJobs } from './payments/jobs.js';
import { paymentRoutes } from './payments/routes.js';

export const billing: ModuleDefinition = {
  name: 'billing',
  routes: [{ plugin: invoiceRoutes, prefix: '/invoices' }, { plugin: paymentRoutes, prefix: '/invoices' }, ...familyRoutes],
  jobs: (ctx) => {
    registerPaymentJobs(ctx);
    registerFamilyJobs(ctx);
  },
  seedDemo: seedBillingDemo,
};
