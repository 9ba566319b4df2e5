import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAMILY_MESSAGES, FAMILY_ROUTES as R } from '../../../shared/contracts/families.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { addFamily, getFamily, listFamilies, removeFamily, updateFamily } from './service.js';

/** Families under /api/family; who may do what is the members policy's (kind 'family'). */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listFamilies(tx, req.actor!, req.body)));

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addFamily(tx, req.actor!, req.body)), FAMILY_MESSAGES.added));

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updateFamily(tx, req.actor!, req.body)), FAMILY_MESSAGES.updated));

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeFamily(tx, req.actor!, req.body.id));
    return answer(null, FAMILY_MESSAGES.deleted);
  });

  contractRoute(app, R.view, (req) => req.tx((tx) => getFamily(tx, req.actor!, req.params.id)));
};
