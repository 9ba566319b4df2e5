import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { z } from 'zod';
import { actorOfToken, actorsOfTokens } from '../../../plugins/auth.js';
import type { Actor } from '../../../lib/actor.js';
import { isLimited } from '../../../services/rate-limits/rate-limits.js';
import { registerRealtimeEmitter } from '../../../services/realtime/realtime-hub.js';
import { AUTH_MESSAGES } from '../../../../shared/contracts/auth.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../../shared/contracts/school-plans.js';
import {
  CHAT_EVENTS, CHAT_MESSAGES, getUserListPayload, hasChat, readMessagePayload, screenManagerPayload, typingPayload, userWiseCountPayload,
  type ChatAck, type ChatMessage, type ReadEvent, type TypingEvent,
} from '../../../../shared/contracts/chat.js';
import { contactIdsOf, findChatPartner } from '../contacts.js';
import { countUnreadByUser, listChatUsers, markConversationRead, type ChatRelay } from '../service.js';
import { ack, failure, fromError, invalid, refusal } from './socket-replies.js';
import { AdapterRedis } from './adapter-redis.js';

/** What other nodes may read of a socket (fetchSockets travels through Redis): never the token. */
type SocketData = { userId: string; role: string; adminId: string | null; sessionId: string | null; screen?: { screen: 'chat' | 'other'; userId?: string | null } };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the events' payloads are checked by zod, not by types
type AnyEvents = Record<string, (...args: any[]) => void>;
type ChatSocket = Socket<AnyEvents, AnyEvents, AnyEvents, SocketData>;
/** What only this node keeps of its sockets. */
type LocalSocket = { token: string; ip: string; contacts: string[] };

const userRoom = (id: string) => `user:${id}`;

/** Sessions the sweep looks up in one statement. */
const SWEEP_BATCH = 100;
/** Socket events a person may send in a window (typing is throttled by the client; this stops a flood). */
const EVENT_LIMIT = { name: 'chat-socket-events', points: 120, durationSec: 10 };

export type ChatRealtime = {
  relay: ChatRelay;
  /** Which of these people have a socket on any node. */
  onlineAmong(ids: string[]): Promise<Set<string>>;
};

/**
 * Socket.IO on the app's own HTTP server (issue 14, decision 038). A socket is the session of the
 * token it connected with (Socket.IO's `auth: { token }`): refused without a live one (401), and
 * dropped once that session ends, checked on each event and by a sweep of this node's sockets.
 * With REDIS_URL, the Redis adapter carries rooms (presence, messages) across nodes.
 */
export function startChatRealtime(app: FastifyInstance): ChatRealtime {
  const { db, config, rateLimits } = app.services;
  const io = new Server(app.server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
  // The adapter's own subscribe and publish calls catch nothing: with a retry limit, Redis going
  // away would reject them unhandled and end the process. Without one they wait in ioredis's
  // queue until Redis is back (live delivery pauses; messages are in the database meanwhile).
  // duplicate() would make a plain client: both are made as the adapter's own (adapter-redis.ts).
  const redis = config.redisUrl ? new AdapterRedis(config.redisUrl, { maxRetriesPerRequest: null }) : undefined;
  const redisSub = config.redisUrl ? new AdapterRedis(config.redisUrl, { maxRetriesPerRequest: null }) : undefined;
  if (redis && redisSub) {
    for (const client of [redis, redisSub]) client.on('error', (err) => app.log.warn({ err }, 'chat: Redis error'));
    io.adapter(createAdapter(redis, redisSub, { key: 'cadenza:chat' }));
  }
  const local = new Map<string, LocalSocket>();
  const limiter = rateLimits.limiter(EVENT_LIMIT);

  const onlineAmong = async (ids: string[]) => {
    if (ids.length === 0) return new Set<string>();
    const sockets = await io.in(ids.map(userRoom)).fetchSockets();
    return new Set(sockets.map((s) => (s.data as SocketData).userId));
  };

  // Other modules' events (a notification) reach people's sockets through the hub (decision 039).
  const unregister = registerRealtimeEmitter((ids, event, payload) => void io.to(ids.map(userRoom)).emit(event, payload));

  const relay: ChatRelay = {
    messageSent(message: ChatMessage) {
      io.to([userRoom(message.sender_id), userRoom(message.receiver_id)]).emit(CHAT_EVENTS.newMessage, message);
    },
    conversationRead(readerId, otherId, readAt) {
      const event: ReadEvent = { userId: readerId, withUserId: otherId, readAt };
      io.to([userRoom(readerId), userRoom(otherId)]).emit(CHAT_EVENTS.readMessage, event);
    },
  };

  /** The actor still is the socket's person in the socket's session. */
  const sameSession = (socket: ChatSocket, actor: Actor | null) => actor !== null && actor.id === socket.data.userId && actor.sessionId === socket.data.sessionId;
  /** The socket's session, asked again: null when it ended (logout, expiry, a closed account or school). */
  const liveActor = async (socket: ChatSocket): Promise<Actor | null> => {
    const own = local.get(socket.id);
    const actor = own ? await actorOfToken(db, own.token, own.ip) : null;
    return sameSession(socket, actor) ? actor : null;
  };
  const drop = (socket: ChatSocket) => {
    socket.emit(CHAT_EVENTS.sessionEnded);
    socket.disconnect(true);
  };

  io.use(async (socket: ChatSocket, next) => {
    try {
      const raw: unknown = socket.handshake.auth?.token;
      const token = typeof raw === 'string' ? raw : '';
      const ip = socket.handshake.address;
      const actor = token ? await actorOfToken(db, token, ip) : null;
      if (!actor) return next(refusal(401, AUTH_MESSAGES.sessionExpired));
      if (!hasChat(actor.role)) return next(refusal(403, CHAT_MESSAGES.notAllowed));
      if (actor.user.planLapsed) return next(refusal(402, SCHOOL_PLAN_MESSAGES.lapsed));
      socket.data = { userId: actor.id, role: actor.role, adminId: actor.adminId, sessionId: actor.sessionId };
      local.set(socket.id, { token, ip, contacts: [] });
      next();
    } catch (error) {
      app.log.error({ err: error }, 'chat: connection check failed');
      next(refusal(500, 'Something went wrong'));
    }
  });

  io.on('connection', (socket: ChatSocket) => {
    /** One event: the session re-checked, the payload parsed, the answer sent through the acknowledgement. */
    function on<S extends z.ZodType, T>(event: string, schema: S, handle: (actor: Actor, input: z.output<S>) => Promise<T>) {
      socket.on(event, async (...args: unknown[]) => {
        const reply = typeof args.at(-1) === 'function' ? (args.pop() as (answer: ChatAck<unknown>) => void) : () => {};
        try {
          const actor = await liveActor(socket);
          if (!actor) {
            reply(failure(401, AUTH_MESSAGES.sessionExpired));
            return drop(socket);
          }
          if (await isLimited(limiter, actor.id)) return reply(failure(429, CHAT_MESSAGES.tooMany));
          await limiter.consume(actor.id).catch(() => undefined);
          const parsed = schema.safeParse(args[0]);
          if (!parsed.success) return reply(invalid(parsed.error));
          reply(ack(await handle(actor, parsed.data)));
        } catch (error) {
          const { reply: answer, unexpected } = fromError(error);
          if (unexpected) app.log.error({ err: error }, `chat: ${event} failed`);
          reply(answer);
        }
      });
    }

    on(CHAT_EVENTS.getUserList, getUserListPayload, (actor, input) =>
      db.transaction(actor.tenant, (tx) => listChatUsers(tx, actor, input.search, onlineAmong)).then((results) => ({ results })));
    on(CHAT_EVENTS.getUserWiseMsgCount, userWiseCountPayload, (actor) => db.transaction(actor.tenant, (tx) => countUnreadByUser(tx, actor)));
    on(CHAT_EVENTS.readMessage, readMessagePayload, (actor, input) => db.transaction(actor.tenant, (tx) => markConversationRead(tx, actor, input.userId, relay)));
    on(CHAT_EVENTS.typing, typingPayload, async (actor, input) => {
      await db.transaction(actor.tenant, (tx) => findChatPartner(tx, actor, input.userId));
      const event: TypingEvent = { userId: actor.id, isTyping: input.isTyping };
      socket.to(userRoom(input.userId)).emit(CHAT_EVENTS.typing, event);
      return null;
    });
    on(CHAT_EVENTS.screenManager, screenManagerPayload, async (actor, input) => {
      // Which screen (and conversation) this socket shows: other nodes read it through fetchSockets.
      socket.data.screen = input;
      return db.transaction(actor.tenant, (tx) => countUnreadByUser(tx, actor));
    });

    void announce(socket);
    socket.on('disconnect', () => void farewell(socket));
  });

  /** Joins the person's room and tells their contacts they are online. */
  async function announce(socket: ChatSocket) {
    const { userId, sessionId } = socket.data;
    await socket.join([userRoom(userId), `session:${sessionId}`]);
    try {
      const actor = await liveActor(socket);
      if (!actor) return drop(socket);
      const contacts = await db.transaction(actor.tenant, (tx) => contactIdsOf(tx, actor));
      const own = local.get(socket.id);
      if (own) own.contacts = contacts;
      if (contacts.length > 0) io.to(contacts.map(userRoom)).emit(CHAT_EVENTS.userConnected, { userId });
    } catch (error) {
      app.log.error({ err: error }, 'chat: announcing a connection failed');
    }
  }

  /** Once a person's last socket on any node is gone, their contacts see them offline. */
  async function farewell(socket: ChatSocket) {
    const own = local.get(socket.id);
    local.delete(socket.id);
    if (!own || own.contacts.length === 0 || closing) return;
    try {
      const still = await io.in(userRoom(socket.data.userId)).fetchSockets();
      if (still.length === 0) io.to(own.contacts.map(userRoom)).emit(CHAT_EVENTS.onDisconnected, { userId: socket.data.userId });
    } catch (error) {
      app.log.warn({ err: error }, 'chat: announcing a disconnection failed');
    }
  }

  /**
   * The sweep: this node's sockets whose session ended are dropped. Sessions are looked up
   * SWEEP_BATCH to a statement (decision 051): one statement per session was a burst of a
   * thousand round trips every interval on a node with a thousand sockets.
   */
  async function sweep() {
    const bySession = new Map<string, ChatSocket[]>();
    for (const socket of io.of('/').sockets.values() as Iterable<ChatSocket>) {
      const key = socket.data.sessionId ?? socket.id;
      bySession.set(key, [...(bySession.get(key) ?? []), socket]);
    }
    const groups = [...bySession.values()];
    for (let i = 0; i < groups.length; i += SWEEP_BATCH) {
      if (closing) return;
      const batch = groups.slice(i, i + SWEEP_BATCH);
      // A socket this node no longer keeps (its token is gone) counts as ended, as in liveActor.
      const actors = await actorsOfTokens(db, batch.map((sockets) => local.get(sockets[0]!.id)?.token ?? ''), null);
      batch.forEach((sockets, k) => {
        if (!sameSession(sockets[0]!, actors[k]!)) sockets.forEach(drop);
      });
    }
  }
  let sweeping = false;
  let closing = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((error: unknown) => app.log.error({ err: error }, 'chat: session sweep failed')).finally(() => { sweeping = false; });
  }, config.chatSessionCheckMs);
  timer.unref();

  // Before the HTTP server closes: open sockets would keep it waiting.
  app.addHook('preClose', async () => {
    closing = true;
    unregister();
    clearInterval(timer);
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
  });
  app.addHook('onClose', async () => {
    // quit() would wait in the offline queue for a Redis that is down: then just drop the connection.
    await Promise.allSettled([redis, redisSub].map((c) => (c?.status === 'ready' ? c.quit() : c?.disconnect())));
  });

  return { relay, onlineAmong };
}
