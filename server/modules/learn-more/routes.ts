import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEARN_MORE_MESSAGES as M, LEARN_MORE_ROUTES as R } from '../../../shared/contracts/learn-more.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { getLearnMore, updateLearnMoreAbout } from './learn-more-service.js';

/** /api/learnMore: a school's page for its students, and the admin's text for it. */
export const learnMoreRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.getLearnMore, (req) => req.tx((tx) => getLearnMore(tx, req.actor!, req.body.schoolId)));
  contractRoute(app, R.updateLearnMoreAbout, async (req) => answer(await req.tx((tx) => updateLearnMoreAbout(tx, req.actor!, req.body.about)), M.saved));
};
