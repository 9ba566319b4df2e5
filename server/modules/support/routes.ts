import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUPPORT_MESSAGES as M, SUPPORT_SENDER_ROLES, answerSupportRequestBody, sendSupportRequestBody, supportIdBody, supportListBody,
} from '../../../shared/contracts/support.js';
import { ok } from '../../lib/envelope.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { SUPPORT_ROLES } from '../../policies/support.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { answerSupportRequest, getSupportRequest, listSupportRequests, sendSupportRequest } from './support-service.js';

const tags = ['support'];
/** A person writes to the provider at most this often (every node counts together with Redis). */
const SEND_LIMIT = { name: 'support-request', points: 5, durationSec: 3600 };

/** /api/support: "Contact for More Features" and the provider's answers. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.services.config;
  const sendLimiter = app.services.rateLimits.limiter(SEND_LIMIT);

  app.post('/sendSupportRequest', { schema: { tags, body: sendSupportRequestBody }, onRequest: app.requireAuth(...SUPPORT_SENDER_ROLES) }, async (req, reply) => {
    await consumeOrThrow(sendLimiter, req.actor!.id, () => tooManyRequests(M.tooMany));
    return ok(reply, await req.tx((tx) => sendSupportRequest(tx, req.actor!, req.body)), M.sent);
  });

  app.post('/getSupportRequests', { schema: { tags, body: supportListBody }, onRequest: app.requireAuth(...SUPPORT_ROLES) }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listSupportRequests(tx, req.actor!, req.body)));
  });

  app.post('/getSupportRequest', { schema: { tags, body: supportIdBody }, onRequest: app.requireAuth(...SUPPORT_ROLES) }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getSupportRequest(tx, req.actor!, req.body.id)));
  });

  app.post('/answerSupportRequest', { schema: { tags, body: answerSupportRequestBody }, onRequest: app.requireAuth('superadmin') }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => answerSupportRequest(tx, req.actor!, req.body, appUrl)), M.answered);
  });
};
