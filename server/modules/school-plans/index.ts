/**
 * The school-plans module's one entry (issue 12, decision 034): the provider's plans for schools,
 * their bookings and renewals through the provider's gateway, and the plan's limits (HTTP 402).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { bookingRoutes } from './booking-routes.js';
import { planRoutes } from './plan-routes.js';

export const schoolPlans: ModuleDefinition = {
  name: 'school-plans',
  routes: [
    { plugin: planRoutes, prefix: '/schoolBilling' },
    { plugin: bookingRoutes, prefix: '/bookPlan' },
  ],
};
