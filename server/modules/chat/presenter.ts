import type { ChatMessage, ChatUser } from '../../../shared/contracts/chat.js';
import type { Role } from '../../../shared/roles.js';

export type MessageRow = { id: string; senderId: string; receiverId: string; body: string; createdAt: Date; readAt: Date | null };

const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** A message row read with raw SQL (snake_case columns; timestamps as Date or text by driver). */
export function messageRowFrom(r: Record<string, unknown>): MessageRow {
  return {
    id: String(r.id), senderId: String(r.sender_id), receiverId: String(r.receiver_id), body: String(r.body),
    createdAt: date(r.created_at), readAt: r.read_at === null || r.read_at === undefined ? null : date(r.read_at),
  };
}

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    message: row.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

const iso = (v: unknown) => date(v).toISOString();

/** A row of the user list's query (raw SQL: snake_case columns, timestamps as Date or text by driver). */
export function presentChatUser(row: Record<string, unknown>, online: ReadonlySet<string>): ChatUser {
  const id = String(row.id);
  return {
    _id: id,
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    role: row.role as Role,
    isOnline: online.has(id),
    lastMessage: row.last_at ? { message: String(row.last_body), createdAt: iso(row.last_at), sender_id: String(row.last_sender) } : null,
    unreadCount: Number(row.unread ?? 0),
  };
}
