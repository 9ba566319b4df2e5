import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classGroups } from './members.js';
import { users } from './users.js';

/**
 * An uploaded file (issue 13). Its bytes live in the storage service under `storage_key` (random,
 * made by the app); `name` is only what people see. admin_id is the school, or the superadmin's own
 * id for the provider library. `in_library` is false for a file uploaded for one use (a course's
 * cover image through /fileUpload/upload): it is reached through what uses it, not listed.
 */
export const libraryFiles = pgTable(
  'library_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** pdf | image | audio | video | text */
    kind: text('kind').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** '' is no folder. */
    folder: text('folder').notNull().default(''),
    inLibrary: boolean('in_library').notNull().default(true),
    /** Staff made it visible to the school's teachers (who may then share it with their students). */
    sharedWithTeachers: boolean('shared_with_teachers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_files_admin_idx').on(t.adminId, t.createdAt).where(sql`in_library`),
    index('library_files_owner_idx').on(t.ownerId),
  ],
);

/** A file shared with one student or with a class/group; it goes with the file (cascade). */
export const libraryShares = pgTable(
  'library_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => libraryFiles.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    classGroupId: uuid('class_group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_shares_admin_idx').on(t.adminId),
    index('library_shares_file_idx').on(t.fileId),
    index('library_shares_student_idx').on(t.studentId),
    index('library_shares_group_idx').on(t.classGroupId),
    uniqueIndex('library_shares_student_uq').on(t.fileId, t.studentId).where(sql`student_id IS NOT NULL`),
    uniqueIndex('library_shares_group_uq').on(t.fileId, t.classGroupId).where(sql`class_group_id IS NOT NULL`),
    check('library_shares_one_target', sql`(student_id IS NULL) <> (class_group_id IS NULL)`),
  ],
);
