import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_ROUTES as R } from '../../../shared/contracts/members.js';
import { contractRoute } from '../../lib/contract-route.js';
import { filterOptions } from './filter-options.js';

/** POST /api/auth/filter: the product keeps it under /auth (docs/domains/members.md), but it answers people, so it lives here. */
export const memberFilterRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.filter, async (req) => ({ results: await req.tx((tx) => filterOptions(tx, req.actor!, req.body.type, req.body.value)) }));
};
