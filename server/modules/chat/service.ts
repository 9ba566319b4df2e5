import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chatMessages } from '../../db/schema/index.js';
import type { ChatHistory, ChatMessage, ChatUser, SendMessageBody, UserWiseMsgCount } from '../../../shared/contracts/chat.js';
import { CHAT_LIMITS } from '../../../shared/contracts/chat.js';
import type { Actor } from '../../lib/actor.js';
import { notifyPeople } from '../notifications/index.js';
import { contactsOf, findChatPartner, type ChatActor } from './contacts.js';
import { messageRowFrom, presentChatUser, presentMessage } from './presenter.js';

/** What the realtime side does once a change has committed (modules/chat/realtime). */
export type ChatRelay = {
  messageSent(message: ChatMessage): void;
  conversationRead(readerId: string, otherId: string, readAt: string): void;
};

const between = (a: string, b: string) =>
  or(and(eq(chatMessages.senderId, a), eq(chatMessages.receiverId, b)), and(eq(chatMessages.senderId, b), eq(chatMessages.receiverId, a)))!;

/**
 * The message's insert as plain SQL: Drizzle's insert builder spent about 0.1 ms of CPU building
 * it on every send, a tenth of the whole send (decision 051). The bench's bare server runs this
 * same statement.
 */
export function insertChatMessageStatement(m: { adminId: string; senderId: string; receiverId: string; body: string }): SQL {
  return sql`insert into chat_messages (admin_id, sender_id, receiver_id, body) values (${m.adminId}, ${m.senderId}, ${m.receiverId}, ${m.body})
    returning id, sender_id, receiver_id, body, created_at, read_at`;
}

/** How many characters of a message the notification of someone offline shows. */
const NOTIFIED_CHARACTERS = 140;

/**
 * Stores a message to a chat partner and pushes it to both people's sockets after commit; a
 * partner with no socket open gets a notification instead (they find it under the bell).
 */
export async function sendChatMessage(
  tx: Tx, actor: ChatActor & Pick<Actor, 'user'>, input: SendMessageBody, relay: ChatRelay, partnerOnline: boolean, appUrl: string,
): Promise<ChatMessage> {
  const other = await findChatPartner(tx, actor, input.userId);
  // The conversation is its school's; the provider's talk with an admin is that admin's school's.
  const adminId = (actor.adminId ?? other.adminId)!;
  const { rows } = await tx.execute(insertChatMessageStatement({ adminId, senderId: actor.id, receiverId: other.id, body: input.message }));
  const message = presentMessage(messageRowFrom(rows[0]!));
  tx.afterCommit(() => relay.messageSent(message));
  if (!partnerOnline) {
    await notifyPeople(tx, {
      adminId, userIds: [other.id], kind: 'chat-message', title: `New message from ${actor.user.firstName} ${actor.user.lastName}`,
      body: input.message.length > NOTIFIED_CHARACTERS ? `${input.message.slice(0, NOTIFIED_CHARACTERS - 1)}…` : input.message, link: '/chat',
      // By email too for whoever chose it for messages (off by default): the choice is offered, so it holds (decision 091).
      email: { appUrl },
    });
  }
  return message;
}

/** A page of one conversation, oldest first within the page; `beforeId` names the oldest already shown. */
export async function listChatMessages(tx: Tx, actor: ChatActor, input: { userId: string; beforeId?: string; limit: number }): Promise<ChatHistory> {
  const other = await findChatPartner(tx, actor, input.userId);
  // An unknown (or another school's) beforeId finds no cursor row, so the page is empty.
  const before = input.beforeId
    ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select m.created_at, m.id from chat_messages m where m.id = ${input.beforeId} and (m.sender_id = ${actor.id} or m.receiver_id = ${actor.id}))`
    : undefined;
  const rows = await tx.select().from(chatMessages)
    .where(and(between(actor.id, other.id), before))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(input.limit + 1);
  const hasMore = rows.length > input.limit;
  return { results: rows.slice(0, input.limit).reverse().map(presentMessage), hasMore };
}

/** Marks what the other person sent as read (the read receipt), and tells them after commit. */
export async function markConversationRead(tx: Tx, actor: ChatActor, userId: string, relay: ChatRelay): Promise<{ count: number; readAt: string }> {
  const other = await findChatPartner(tx, actor, userId);
  const readAt = new Date();
  const read = await tx.update(chatMessages).set({ readAt })
    .where(and(eq(chatMessages.senderId, other.id), eq(chatMessages.receiverId, actor.id), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id });
  if (read.length > 0) tx.afterCommit(() => relay.conversationRead(actor.id, other.id, readAt.toISOString()));
  return { count: read.length, readAt: readAt.toISOString() };
}

/** Unread messages per sender, and their total (the header's badge). */
export async function countUnreadByUser(tx: Tx, actor: ChatActor): Promise<UserWiseMsgCount> {
  const { rows } = await tx.execute(sql`select m.sender_id, count(*)::int as n from chat_messages m
    where m.receiver_id = ${actor.id} and m.read_at is null and m.sender_id in (select c.id from ${contactsOf(actor)} c)
    group by m.sender_id`);
  const users = rows.map((r) => ({ userId: String(r.sender_id), count: Number(r.n) }));
  return { total: users.reduce((sum, u) => sum + u.count, 0), users };
}

/** The user list: the actor's contacts with their last message and unread count, latest talk first. */
export async function listChatUsers(tx: Tx, actor: ChatActor, search: string | undefined, onlineAmong: (ids: string[]) => Promise<Set<string>>): Promise<ChatUser[]> {
  const last = (from: SQL, to: SQL) => sql`(select m.body, m.created_at, m.sender_id from chat_messages m
    where m.sender_id = ${from} and m.receiver_id = ${to} order by m.created_at desc limit 1)`;
  const { rows } = await tx.execute(sql`select c.id, c.first_name, c.last_name, c.role, lm.body as last_body, lm.created_at as last_at, lm.sender_id as last_sender,
      (select count(*)::int from chat_messages m where m.receiver_id = ${actor.id} and m.sender_id = c.id and m.read_at is null) as unread
    from ${contactsOf(actor, search)} c
    left join lateral (select * from (${last(sql`${actor.id}::uuid`, sql`c.id`)} union all ${last(sql`c.id`, sql`${actor.id}::uuid`)}) x
      order by x.created_at desc limit 1) lm on true
    order by lm.created_at desc nulls last, c.first_name, c.last_name, c.id
    limit ${CHAT_LIMITS.userListMax}`);
  const online = await onlineAmong(rows.map((r) => String(r.id)));
  return rows.map((r) => presentChatUser(r, online));
}
