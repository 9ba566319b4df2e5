import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * In-app notifications (issue 14): one row a person an event. The school is the one the event
 * happened in (a chat message from a school's admin to the provider is that school's), so the
 * tenant wall holds for every row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** What made it: lesson-cancelled, invoice-sent, chat-message… */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A path inside the app, opened when the notification is clicked. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Events of a burst share it (a person's card payments): while its row is unread, the next one counts on it (decision 083). */
    groupKey: text('group_key'),
    /** How many events this row stands for (1 unless grouped). */
    count: integer('count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // One unread row a person a burst: the insert of the next event of the burst meets it and counts.
    uniqueIndex('notifications_unread_group_idx').on(t.userId, t.groupKey).where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
  ],
);

/**
 * A person's choice for one category of news (decision 083): in the app, by email, by push. No
 * row: the category's defaults. The provider's rows have no school (admin_id null).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    inApp: boolean('in_app').notNull(),
    byEmail: boolean('by_email').notNull(),
    byPush: boolean('by_push').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
