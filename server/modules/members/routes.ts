import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { listChildren } from './service.js';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/children', { schema: { tags: ['members'] }, onRequest: app.requireAuth('parent') }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => listChildren(tx, req.auth!.user.id)) });
  });
};
