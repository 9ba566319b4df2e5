import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Whom a group email was addressed to, as the sender chose it (kept to show the send again). */
export type GroupEmailAudience = {
  allStudents: boolean; allParents: boolean; allTeachers: boolean;
  classGroupIds: string[]; instrumentIds: string[]; teacherIds: string[]; userIds: string[];
  activeOnly: boolean;
};

/** A Library file a send carried, as it was when sent (the file may be renamed or removed later). */
export type GroupEmailFile = { id: string; name: string; size: number };

/**
 * One group email (a "send", issue 14): what was written and to whom. Its progress is not kept
 * here: queued, sent and failed are counted from its email rows (email_messages.group_email_id),
 * which the delivery job moves on, so the counts can never disagree with the outbox.
 */
export const groupEmails = pgTable(
  'group_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** The sanitised body, merge fields still in it ({first_name}…). */
    htmlBody: text('html_body').notNull(),
    audience: jsonb('audience').$type<GroupEmailAudience>().notNull(),
    recipientCount: integer('recipient_count').notNull(),
    /** People the audience named who had unsubscribed, left out at send time. */
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    attachments: jsonb('attachments').$type<GroupEmailFile[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_emails_admin_idx').on(t.adminId, t.createdAt)],
);

/**
 * People who asked for no more group email from a school (the emailed unsubscribe link).
 * Transactional mail (reminders, invoices, password links) ignores this table.
 */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_unsubscribes_person_idx').on(t.adminId, t.userId)],
);
