import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVITY_ROUTES } from '../../../shared/contracts/activities.js';
import { contractRoute } from '../../lib/contract-route.js';
import { listActivities } from './service.js';

/** Recent activities (/recentActivities/viewAllActivities); the members policy's kind 'activity'. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, ACTIVITY_ROUTES.list, (req) => req.tx((tx) => listActivities(tx, req.actor!, req.body)));
};
