import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { getTodayAtAGlance } from './glance.js';
import { getDashboardFigures } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getDashboard', { schema: { tags: ['dashboard'] }, onRequest: app.requireAuth() }, async (req, reply) => {
    const figures = await req.tx((tx) => getDashboardFigures(tx, req.actor!));
    return ok(reply, { figures });
  });

  /** Today at a glance: the caller's day in the school's zone (their own lessons, never another school's). */
  app.get('/getToday', { schema: { tags: ['dashboard'] }, onRequest: app.requireAuth() }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getTodayAtAGlance(tx, req.actor!)));
  });
};
