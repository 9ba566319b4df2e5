/**
 * Families pay (issue 11): the public pay page, Payment / Billing, saved cards and autopay. The
 * billing module's entry registers these; nothing outside billing imports this folder.
 */
import type { ModuleJobsContext, ModuleRoutes } from '../../../lib/module-definition.js';
import { AUTOPAY_JOB, AUTOPAY_SWEEP_MS, chargeAutopayInvoices } from './autopay-job.js';
import { savedCardRoutes } from './card-routes.js';
import { payPageRoutes } from './pay-page-routes.js';
import { paymentBillingRoutes, paymentMethodRoutes } from './payment-billing-routes.js';

export const familyRoutes: ModuleRoutes[] = [
  { plugin: payPageRoutes },
  { plugin: paymentBillingRoutes },
  { plugin: paymentMethodRoutes },
  { plugin: savedCardRoutes },
];

/** Autopay: the invoices due on the school's clock, charged to the payer's default card. */
export function registerFamilyJobs({ jobs, db, config }: ModuleJobsContext): void {
  jobs.register(AUTOPAY_JOB, () => chargeAutopayInvoices(db, { config }), AUTOPAY_SWEEP_MS);
}

export { AUTOPAY_JOB };
