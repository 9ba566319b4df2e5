import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { MERCHANT_MESSAGES, MERCHANT_ROUTES as R } from '../../../shared/contracts/merchant.js';
import { getMerchant, saveMerchant } from './service.js';

/** A school's merchant information (docs/domains/schools.md "Data and calls"): the superadmin for any school, an admin for their own. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  // Role rules are the merchant policy's: every other signed-in role answers 403 there.
  contractRoute(app, R.get, (req) => req.tx((tx) => getMerchant(tx, req.actor!, req.body.adminId)));

  contractRoute(app, R.save, async (req) => {
    const box = secretBoxOf(app.services.config);
    return answer(await req.tx((tx) => saveMerchant(tx, req.actor!, box, req.body)), MERCHANT_MESSAGES.saved);
  });
};
