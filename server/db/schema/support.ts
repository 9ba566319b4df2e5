import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Requests to the provider ("Contact for More Features", issue 14). admin_id is the sender's
 * school: the request is that school's row, so row-level security keeps it from other schools,
 * and the superadmin (all schools) reads every one.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** open, answered, closed. */
    status: text('status').notNull().default('open'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sender's own list, newest first.
    index('support_requests_sender_idx').on(t.senderId, t.createdAt),
    // The superadmin's inbox by status, newest first.
    index('support_requests_status_idx').on(t.status, t.createdAt),
    index('support_requests_admin_idx').on(t.adminId, t.createdAt),
  ],
);

/** The provider's answers to a request, oldest first. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_request_idx').on(t.requestId, t.createdAt)],
);
