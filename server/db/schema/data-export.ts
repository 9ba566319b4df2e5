import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An export asked for by one person (decision 092): the school's whole data (its admin) or a
 * family's own (a student or parent). The row is the job's work: `pending` until the job claims
 * it, `running` while it writes (its progress in done/total steps, `progress_at` its heartbeat),
 * then `ready` with the archive under `storage_key`, or `failed`. Only `requested_by` downloads it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** school | mine */
    scope: text('scope').notNull(),
    /** pending | running | ready | failed */
    status: text('status').notNull().default('pending'),
    doneSteps: integer('done_steps').notNull().default(0),
    totalSteps: integer('total_steps').notNull().default(0),
    storageKey: text('storage_key'),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    progressAt: timestamp('progress_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // The person's newest export.
    index('data_exports_requester_idx').on(t.requestedBy, t.createdAt),
    index('data_exports_admin_idx').on(t.adminId),
    // The job's sweep: work waiting or under way, found with one probe whatever the number of schools.
    index('data_exports_open_idx').on(t.createdAt).where(sql`status in ('pending', 'running')`),
    // Exports to remove once they expire (or a newer one replaced them).
    index('data_exports_expiry_idx').on(t.expiresAt).where(sql`expires_at is not null`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
