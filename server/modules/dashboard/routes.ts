import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_ROUTES as R } from '../../../shared/contracts/dashboard.js';
import { contractRoute } from '../../lib/contract-route.js';
import { getTodayAtAGlance } from './glance.js';
import { getDashboardFigures } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.figures, async (req) => ({ figures: await req.tx((tx) => getDashboardFigures(tx, req.actor!, req.now())) }));

  /** Today at a glance: the caller's day in the school's zone (their own lessons, never another school's). */
  contractRoute(app, R.today, (req) => req.tx((tx) => getTodayAtAGlance(tx, req.actor!, req.now())));
};
