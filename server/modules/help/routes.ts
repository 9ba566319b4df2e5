import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HELP_ROLES, helpArticleBody, helpListBody } from '../../../shared/contracts/help.js';
import { ok } from '../../lib/envelope.js';
import { getHelpArticle, listHelpArticles } from './help-articles.js';

const tags = ['help'];

/** /api/help: the articles of the reader's role (in login-as, the role acted as). */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth(...HELP_ROLES));

  app.post('/getHelpArticles', { schema: { tags, body: helpListBody } }, async (req, reply) => {
    return ok(reply, listHelpArticles(req.actor!.role, req.body.search));
  });

  app.post('/getHelpArticle', { schema: { tags, body: helpArticleBody } }, async (req, reply) => {
    return ok(reply, getHelpArticle(req.actor!.role, req.body.slug));
  });
};
