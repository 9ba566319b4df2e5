import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPPORT_MESSAGES as M, SUPPORT_ROUTES as R } from '../../../shared/contracts/support.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { answerSupportRequest, getSupportRequest, listSupportRequests, sendSupportRequest } from './support-service.js';

/** A person writes to the provider at most this often (every node counts together with Redis). */
const SEND_LIMIT = { name: 'support-request', points: 5, durationSec: 3600 };

/** /api/support: "Contact for More Features" and the provider's answers. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.services.config;
  const sendLimiter = app.services.rateLimits.limiter(SEND_LIMIT);

  contractRoute(app, R.send, async (req) => {
    await consumeOrThrow(sendLimiter, req.actor!.id, () => tooManyRequests(M.tooMany));
    return answer(await req.tx((tx) => sendSupportRequest(tx, req.actor!, req.body, appUrl)), M.sent);
  });

  contractRoute(app, R.list, (req) => req.tx((tx) => listSupportRequests(tx, req.actor!, req.body)));

  contractRoute(app, R.view, (req) => req.tx((tx) => getSupportRequest(tx, req.actor!, req.body.id)));

  contractRoute(app, R.answer, async (req) => answer(await req.tx((tx) => answerSupportRequest(tx, req.actor!, req.body, appUrl)), M.answered));
};
