import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid, boolean, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A signed-in browser. Only the SHA-256 of the token is kept. A login-as session belongs to the
 * impersonated user, names the real person in `actor_user_id` and the session it came from in
 * `parent_session_id`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A login-as session stands only while the session that started it does (decision 018). */
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_actor_idx').on(t.actorUserId),
    index('sessions_parent_idx').on(t.parentSessionId),
    check('sessions_login_as_has_parent', sql`(${t.actorUserId} is null) = (${t.parentSessionId} is null)`),
  ],
);

/** Single-use links sent by email: password reset and account verification. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Who did what to whom, for actions a school must be able to account for (login-as). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    // A removed person's history stays; the sentence then names them from meta.
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_admin_idx').on(t.adminId, t.createdAt)],
);
