import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEARN_MORE_MESSAGES as M, learnMoreAboutForm, learnMoreBody } from '../../../shared/contracts/learn-more.js';
import { ok } from '../../lib/envelope.js';
import { LEARN_MORE_READER_ROLES } from '../../policies/my-biz.js';
import { getLearnMore, updateLearnMoreAbout } from './learn-more-service.js';

const tags = ['learn-more'];

/** /api/learnMore: a school's page for its students, and the admin's text for it. */
export const learnMoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/getLearnMore', { schema: { tags, body: learnMoreBody }, onRequest: app.requireAuth(...LEARN_MORE_READER_ROLES) }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getLearnMore(tx, req.actor!, req.body.schoolId)));
  });
  app.post('/updateLearnMoreAbout', { schema: { tags, body: learnMoreAboutForm }, onRequest: app.requireAuth('admin') }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateLearnMoreAbout(tx, req.actor!, req.body.about)), M.saved);
  });
};
