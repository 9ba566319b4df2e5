import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { MERCHANT_MESSAGES, merchantGetBody, merchantSaveBody } from '../../../shared/contracts/merchant.js';
import { getMerchant, saveMerchant } from './service.js';

const tags = ['merchant'];

/** A school's merchant information (docs/domains/schools.md "Data and calls"): the superadmin for any school, an admin for their own. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  // Role rules are the merchant policy's: every other signed-in role answers 403 there.
  app.addHook('onRequest', app.requireAuth());

  app.post('/get', { schema: { tags, body: merchantGetBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getMerchant(tx, req.actor!, req.body.adminId)));
  });

  app.post('/save', { schema: { tags, body: merchantSaveBody } }, async (req, reply) => {
    const box = secretBoxOf(app.services.config);
    return ok(reply, await req.tx((tx) => saveMerchant(tx, req.actor!, box, req.body)), MERCHANT_MESSAGES.saved);
  });
};
