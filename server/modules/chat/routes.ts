import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MESSAGES, CHAT_ROUTES as R } from '../../../shared/contracts/chat.js';
import { contractRoute } from '../../lib/contract-route.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { startChatRealtime } from './realtime/chat-socket-server.js';
import { listChatMessages, sendChatMessage } from './service.js';

/** A person sends at most this many messages in the window (every node counts together with Redis). */
const SEND_LIMIT = { name: 'chat-send', points: 30, durationSec: 10 };

/**
 * /api/chat: sending and the paged history over HTTP; the socket events of docs/domains/communication.md (presence, the
 * user list, unread counts, read receipts, typing) on the Socket.IO server started here.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const realtime = startChatRealtime(app);
  const sendLimiter = app.services.rateLimits.limiter(SEND_LIMIT);

  contractRoute(app, R.sendMessage, async (req) => {
    await consumeOrThrow(sendLimiter, req.actor!.id, () => tooManyRequests(CHAT_MESSAGES.tooMany));
    // Asked before the transaction: with the Redis adapter it is a round trip to every node, which
    // must not hold a database connection. Only used once the partner proves to be one.
    const partnerOnline = (await realtime.onlineAmong([req.body.userId])).has(req.body.userId);
    return req.tx((tx) => sendChatMessage(tx, req.actor!, req.body, realtime.relay, partnerOnline, app.services.config.appUrl));
  });

  contractRoute(app, R.getMessages, (req) => req.tx((tx) => listChatMessages(tx, req.actor!, req.body)));
};
