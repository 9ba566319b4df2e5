import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { getDashboardFigures } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getDashboard', { schema: { tags: ['dashboard'] }, onRequest: app.requireAuth() }, async (req, reply) => {
    const figures = await req.tx((tx) => getDashboardFigures(tx, req.actor!));
    return ok(reply, { figures });
  });
};
