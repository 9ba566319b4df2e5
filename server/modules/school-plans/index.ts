/**
 * The school-plans module's one entry (issue 12, decision 035): the provider's plans for schools,
 * their bookings and renewals through the provider's gateway, and the plan's limits (HTTP 402).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { bookingRoutes } from './booking-routes.js';
import { seedSchoolPlansDemo } from './demo.js';
import { planRoutes } from './plan-routes.js';
import { planChargeKind } from './reconcile-plan-charges.js';
import { RENEW_PLANS_JOB, RENEW_SWEEP_MS, renewSchoolPlans } from './renew-plans.js';

export const schoolPlans: ModuleDefinition = {
  name: 'school-plans',
  routes: [
    { plugin: planRoutes },
    { plugin: bookingRoutes },
  ],
  seedDemo: seedSchoolPlansDemo,
  jobs: ({ jobs, db, config }) => {
    jobs.register(RENEW_PLANS_JOB, () => renewSchoolPlans(db, { config }), RENEW_SWEEP_MS);
  },
  // Periods whose gateway answer was lost: settled by the one reconciliation job (decision 070).
  chargeKinds: ({ db, config }) => [planChargeKind(db, { config })],
};

export { assertPlanRoom } from './plan-limits.js';
