import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMUNICATION_MESSAGES as M, COMMUNICATION_ROUTES as R } from '../../../../shared/contracts/communication.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { confirmUnsubscribe, readUnsubscribe } from './unsubscribe.js';
import { unsubscribeKeyOf } from './unsubscribe-token.js';

/**
 * The emailed unsubscribe link, under /api/massEmail, with no session: the signed token is the
 * key. The page (/unsubscribe/{token}) reads, then confirms; a mail client's one-click POST
 * (List-Unsubscribe-Post, RFC 8058) comes form-encoded to the same POST, its body unused.
 * A plugin of its own: the form-encoded parser is for these routes alone.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined));
  const key = () => unsubscribeKeyOf(app.services.config);

  contractRoute(app, R.readUnsubscribe, (req) => readUnsubscribe(app.services.db, key(), req.params.token));

  contractRoute(app, R.confirmUnsubscribe, async (req) => answer(await confirmUnsubscribe(app.services.db, key(), req.params.token), M.unsubscribed));
};
