import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { groupEmails } from './communication.js';
import { users } from './users.js';

/**
 * A file sent with an email: its bytes (an invoice's PDF, made for that one email), or a reference
 * to bytes in file storage (a Library file sent to a whole group), read when the email is delivered.
 */
export type StoredAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; storageKey: string; size: number };

/**
 * Every outgoing email is a row first: the job runner delivers pending rows, and the
 * communication log reads them. `admin_id` is null only for the provider's own mail.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files sent with it: an invoice's PDF in base64, a group email's Library files by storage key. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Extra mail headers (a group email's List-Unsubscribe); redacted with the body once sent. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The group email (a send) this row is one recipient of; null for every other email. */
    groupEmailId: uuid('group_email_id').references((): AnyPgColumn => groupEmails.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    /** A notification's email of a burst (decision 083): the pending row the next event of the burst rewrites. */
    groupKey: text('group_key'),
    groupCount: integer('group_count').notNull().default(1),
    /** Not sent before this (a burst's window); null: at once. */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_messages_status_idx').on(t.status, t.createdAt),
    index('email_messages_admin_idx').on(t.adminId, t.createdAt),
    // A person's log, and a send's progress.
    index('email_messages_user_idx').on(t.userId, t.createdAt),
    index('email_messages_group_email_idx').on(t.groupEmailId, t.status),
    uniqueIndex('email_messages_pending_group_idx').on(t.userId, t.groupKey).where(sql`${t.status} = 'pending' and ${t.groupKey} is not null`),
  ],
);
