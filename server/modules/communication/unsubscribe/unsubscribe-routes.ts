import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMUNICATION_MESSAGES as M, unsubscribeParams } from '../../../../shared/contracts/communication.js';
import { ok } from '../../../lib/envelope.js';
import { confirmUnsubscribe, readUnsubscribe } from './unsubscribe.js';
import { unsubscribeKeyOf } from './unsubscribe-token.js';

const tags = ['group email'];

/**
 * The emailed unsubscribe link, under /api/massEmail, with no session: the signed token is the
 * key. The page (/unsubscribe/{token}) reads, then confirms; a mail client's one-click POST
 * (List-Unsubscribe-Post, RFC 8058) comes form-encoded to the same POST, its body unused.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined));
  const key = () => unsubscribeKeyOf(app.services.config);

  app.get('/unsubscribe/:token', { schema: { tags, params: unsubscribeParams, security: [] } }, async (req, reply) => {
    return ok(reply, await readUnsubscribe(app.services.db, key(), req.params.token));
  });

  app.post('/unsubscribe/:token', { schema: { tags, params: unsubscribeParams, security: [] } }, async (req, reply) => {
    return ok(reply, await confirmUnsubscribe(app.services.db, key(), req.params.token), M.unsubscribed);
  });
};
