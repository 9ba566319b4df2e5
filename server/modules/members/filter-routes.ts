import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filterBody } from '../../../shared/contracts/members.js';
import { ok } from '../../lib/envelope.js';
import { filterOptions } from './filter-options.js';

/** POST /api/auth/filter: the product keeps it under /auth (docs/domains/members.md), but it answers people, so it lives here. */
export const memberFilterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/filter', { schema: { tags: ['members'], body: filterBody }, onRequest: app.requireAuth() }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => filterOptions(tx, req.actor!, req.body.type, req.body.value)) });
  });
};
