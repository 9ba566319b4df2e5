import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { libraryFiles } from './library.js';
import { classGroups, genres } from './members.js';
import { users } from './users.js';

/**
 * Courses (issue 13): a school's, or the provider's (admin_id is then the superadmin's own id and
 * `provider` is true: row-level security lets every school read them, and only the provider
 * write them). status is waiting | approved | rejected; a teacher's course waits for the school.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: boolean('provider').notNull().default(false),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    genreId: uuid('genre_id').notNull().references(() => genres.id),
    level: text('level').notNull(),
    status: text('status').notNull(),
    rejectReason: text('reject_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The cover image: a file of the course's school (or of the provider's library); gone with it. */
    coverFileId: uuid('cover_file_id').references(() => libraryFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_admin_idx').on(t.adminId, t.status, t.createdAt),
    index('courses_provider_idx').on(t.createdAt).where(sql`provider`),
  ],
);

/** A course's lessons in order; body_html is sanitised on the server before it is stored. */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    videoUrl: text('video_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_lessons_course_idx').on(t.courseId, t.position), index('course_lessons_admin_idx').on(t.adminId)],
);

/**
 * A course given to one student or to a class/group, within a school (admin_id is the school
 * that assigns, also for the provider's courses).
 */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    classGroupId: uuid('class_group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_assignments_admin_idx').on(t.adminId, t.courseId),
    index('course_assignments_student_idx').on(t.studentId),
    index('course_assignments_group_idx').on(t.classGroupId),
    uniqueIndex('course_assignments_student_key').on(t.courseId, t.studentId).where(sql`student_id IS NOT NULL`),
    uniqueIndex('course_assignments_group_key').on(t.courseId, t.classGroupId).where(sql`class_group_id IS NOT NULL`),
    check('course_assignments_one_target', sql`(student_id IS NULL) <> (class_group_id IS NULL)`),
  ],
);

/** A lesson a student marked done (admin_id: the student's school). */
export const courseLessonCompletions = pgTable(
  'course_lesson_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_lesson_completions_key').on(t.lessonId, t.studentId),
    index('course_lesson_completions_admin_idx').on(t.adminId, t.studentId),
  ],
);

/**
 * A lesson's attachments: files of the Library, in the order the lesson lists them (admin_id: the
 * lesson's, so the provider's for a provider course). Deleting the file removes the attachment.
 */
export const courseLessonFiles = pgTable(
  'course_lesson_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => libraryFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_lesson_files_key').on(t.lessonId, t.fileId),
    index('course_lesson_files_file_idx').on(t.fileId),
    index('course_lesson_files_admin_idx').on(t.adminId),
  ],
);
