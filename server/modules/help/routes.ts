import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HELP_ROUTES as R } from '../../../shared/contracts/help.js';
import { contractRoute } from '../../lib/contract-route.js';
import { getHelpArticle, listHelpArticles } from './help-articles.js';

/** /api/help: the articles of the reader's role (in login-as, the role acted as). */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => listHelpArticles(req.actor!.role, req.body.search));

  contractRoute(app, R.article, (req) => getHelpArticle(req.actor!.role, req.body.slug));
};
