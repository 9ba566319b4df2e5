import { z } from 'zod';
import { ROLES, type Role } from '../roles.js';
import { safeString, searchField, uuid } from './common.js';
import { defineRoute } from './route.js';

/**
 * Live chat (issue 14; docs/domains/communication.md "Data and calls", "Rules"). Messages are sent and their history paged over
 * HTTP (/api/chat/…, validated and rate limited like every call); the product's socket events carry
 * presence, the user list, unread counts, read receipts and typing (decision 036).
 */

/** The realtime roles (docs/domains/roles-and-navigation.md "What it does"): every role, parents since issue 28 (decision 081). */
export const CHAT_ROLES = ['superadmin', 'admin', 'subadmin', 'teacher', 'student', 'parent'] as const satisfies readonly Role[];
export const hasChat = (role: Role | string | undefined | null): boolean => (CHAT_ROLES as readonly string[]).includes(role ?? '');

export const CHAT_LIMITS = {
  messageMax: 2000,
  /** A page of a conversation's history. */
  historyPage: 30,
  historyMax: 100,
  /** The user list shows at most this many people (search finds the others). */
  userListMax: 100,
  /** docs/domains/communication.md "Limits": the typing indicator clears after 3 seconds. */
  typingClearMs: 3000,
} as const;

export const CHAT_MESSAGES = {
  messageRequired: 'Message is Required',
  messageTooLong: `Message should allow only ${CHAT_LIMITS.messageMax} characters.`,
  personRequired: 'Please choose whom to write to',
  notAllowed: 'You cannot chat with this person',
  unknownPerson: 'Person not found',
  tooMany: 'You are sending messages too fast. Please wait a moment.',
} as const;

const messageText = safeString({ multiline: true, error: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, CHAT_MESSAGES.messageRequired)
  .max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.messageTooLong);

/** POST /api/chat/sendMessage: plain text to one person. */
export const sendMessageBody = z.object({
  userId: z.uuid({ error: CHAT_MESSAGES.personRequired }).max(36, CHAT_MESSAGES.personRequired),
  message: messageText,
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** POST /api/chat/getMessages: one conversation, newest page first; `beforeId` pages back. */
export const getMessagesBody = z.object({
  userId: uuid,
  beforeId: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.historyMax).default(CHAT_LIMITS.historyPage),
});
export type GetMessagesBody = z.input<typeof getMessagesBody>;

/** The socket events (docs/domains/communication.md "Data and calls"), names kept. */
export const CHAT_EVENTS = {
  userConnected: 'userConnected',
  onDisconnected: 'onDisconnected',
  typing: 'typing',
  getUserList: 'getUserList',
  readMessage: 'readMessage',
  getUserWiseMsgCount: 'getUserWiseMsgCount',
  screenManager: 'screenManager',
  /** Ours: a message stored, pushed to both people's sockets. */
  newMessage: 'newMessage',
  /** Ours: the socket's session ended (logout, expiry); the server disconnects it next. */
  sessionEnded: 'sessionEnded',
} as const;

/** Socket payloads, client to server (each answered through the acknowledgement, as the HTTP envelope). */
export const getUserListPayload = z.object({ search: searchField.optional() }).default({});
export const readMessagePayload = z.object({ userId: uuid });
export const typingPayload = z.object({ userId: uuid, isTyping: z.boolean().default(true) });
export const screenManagerPayload = z.object({ screen: z.enum(['chat', 'other']), userId: uuid.nullable().optional() });
export const userWiseCountPayload = z.object({}).default({});

export const chatMessage = z.object({
  _id: z.string(),
  sender_id: z.string(),
  receiver_id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When the receiver read it (read receipt); null while unread. */
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatUser = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  isOnline: z.boolean(),
  lastMessage: z.object({ message: z.string(), createdAt: z.string(), sender_id: z.string() }).nullable(),
  unreadCount: z.number().int(),
});
export type ChatUser = z.infer<typeof chatUser>;

export const chatHistory = z.object({ results: z.array(chatMessage), hasMore: z.boolean() });
export type ChatHistory = z.infer<typeof chatHistory>;
export type UserWiseMsgCount = { total: number; users: { userId: string; count: number }[] };

/** What the server pushes. */
export type TypingEvent = { userId: string; isTyping: boolean };
/** `userId` read what `withUserId` sent them, at `readAt`: both people's sockets get it. */
export type ReadEvent = { userId: string; withUserId: string; readAt: string };
export type PresenceEvent = { userId: string };

/** Every acknowledgement: the HTTP envelope. */
export type ChatAck<T> = { status: number; message: string; data: T; errors?: Record<string, string> };

// --- routes (decision 059): the HTTP side only; the socket events above are not routes ----------

const meta = { roles: CHAT_ROLES, tags: ['chat'] } as const;

export const CHAT_ROUTES = {
  sendMessage: defineRoute({ method: 'POST', path: '/chat/sendMessage', body: sendMessageBody, response: chatMessage, meta }),
  getMessages: defineRoute({ method: 'POST', path: '/chat/getMessages', body: getMessagesBody, response: chatHistory, meta: { ...meta, lapsedSchool: 'open' } }),
};
