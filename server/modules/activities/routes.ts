import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListBody } from '../../../shared/contracts/activities.js';
import { ok } from '../../lib/envelope.js';
import { listActivities } from './service.js';

const tags = ['activities'];

/** Recent activities (/recentActivities/viewAllActivities); the members policy's kind 'activity'. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/viewAllActivities', { schema: { tags, body: activityListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listActivities(tx, req.actor!, req.body)));
  });
};
