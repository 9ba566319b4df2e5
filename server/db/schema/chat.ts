import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Live chat messages (issue 14): plain text from one person to another. admin_id is the school
 * the conversation belongs to (the superadmin's talk with a school's admin is that school's).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The read receipt: when the receiver opened the conversation. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation's history, read from both directions, newest first.
    index('chat_messages_pair_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('chat_messages_receiver_pair_idx').on(t.receiverId, t.senderId, t.createdAt),
    index('chat_messages_unread_idx').on(t.receiverId, t.senderId).where(sql`read_at IS NULL`),
    index('chat_messages_admin_idx').on(t.adminId, t.createdAt),
  ],
);
