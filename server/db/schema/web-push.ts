import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth.js';
import { users } from './users.js';

/**
 * The app's one VAPID key pair (issue 14): made on first use and kept, so every node and every
 * start signs with the key the browsers subscribed with. The private key is sealed (lib/secret-box).
 * An app-wide row: row-level security lets only all-schools transactions (the app's machinery) see it.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A browser's push subscription (docs/domains/communication.md "Data and calls": push registration userId and fcmToken), one a
 * user and push service address. admin_id is the user's school (null for the superadmin). It
 * lives as long as the session that registered it: signing out, a password change that ends the
 * other sessions, or a deactivated account removes the device with the session (cascade).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
