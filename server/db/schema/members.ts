import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** The instruments and genres a school teaches (a platform-wide list). */
export const genres = pgTable('genres', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const studentGenres = pgTable(
  'student_genres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id').notNull().references(() => genres.id),
    level: text('level').notNull(),
  },
  (t) => [index('student_genres_admin_idx').on(t.adminId), unique().on(t.studentId, t.genreId)],
);

/** Which teacher teaches which student (a student may have several). */
export const studentTeachers = pgTable(
  'student_teachers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('student_teachers_admin_idx').on(t.adminId), index('student_teachers_teacher_idx').on(t.teacherId), unique().on(t.studentId, t.teacherId)],
);

export const parentChildren = pgTable(
  'parent_children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Made on the parent or student form (true), or only by a family (false). A family change
     * unlinks only links of its own (decision 008); a direct link stays whatever families do.
     */
    direct: boolean('direct').notNull().default(true),
  },
  (t) => [index('parent_children_admin_idx').on(t.adminId), index('parent_children_parent_idx').on(t.parentId), unique().on(t.parentId, t.studentId)],
);

export const classGroups = pgTable(
  'class_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_groups_admin_idx').on(t.adminId, t.createdAt)],
);

export const classGroupStudents = pgTable(
  'class_group_students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    classGroupId: uuid('class_group_id').notNull().references(() => classGroups.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  // A student's groups: whose lessons are on their calendar.
  (t) => [index('class_group_students_admin_idx').on(t.adminId), index('class_group_students_student_idx').on(t.studentId), unique().on(t.classGroupId, t.studentId)],
);

/** The instruments and genres a teacher teaches. */
export const teacherGenres = pgTable(
  'teacher_genres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id').notNull().references(() => genres.id),
  },
  (t) => [index('teacher_genres_admin_idx').on(t.adminId), unique().on(t.teacherId, t.genreId)],
);

/**
 * What a teacher earns for one lesson of a type ('private' or 'class_group'), in cents; payroll
 * reads it. The lesson types of scheduling map onto these two kinds.
 */
export const teacherPayRates = pgTable(
  'teacher_pay_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonKind: text('lesson_kind').notNull(),
    rateCents: integer('rate_cents').notNull(),
  },
  (t) => [index('teacher_pay_rates_admin_idx').on(t.adminId), unique().on(t.teacherId, t.lessonKind)],
);

/**
 * A household: its parents and children. A child of two households belongs to two families;
 * the parent-child links (parent_children) follow from the families.
 */
export const families = pgTable(
  'families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('families_admin_idx').on(t.adminId, t.createdAt)],
);

export const familyMembers = pgTable(
  'family_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull().references(() => families.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('family_members_admin_idx').on(t.adminId), index('family_members_user_idx').on(t.userId), unique().on(t.familyId, t.userId)],
);

/**
 * Someone who signed up through a school's public widget and waits for the school: approving
 * makes the student account (and sends its invitation), declining keeps the row as a record.
 */
export const studentSignups = pgTable(
  'student_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    cellPhone: text('cell_phone').notNull(),
    genres: jsonb('genres').$type<{ genreId: string; level: string }[]>().notNull(),
    /** pending, approved or declined. */
    status: text('status').notNull().default('pending'),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The plan chosen in the plan widget: approval invites the student straight to it. Its foreign
     * key (on delete set null) is in migration 0019 by hand, since plans.ts imports this file.
     */
    planId: uuid('plan_id'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_signups_admin_idx').on(t.adminId, t.status, t.createdAt)],
);

/**
 * A school's payment gateway account (Authorize.Net's fields). The API login id and the
 * transaction key are stored encrypted (AES-256-GCM) and only their last four characters are
 * ever shown back; the public client key is public by design (Accept.js).
 */
export const merchantAccounts = pgTable('merchant_accounts', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  gateway: text('gateway').notNull(),
  environment: text('environment').notNull(),
  apiLoginIdEncrypted: text('api_login_id_encrypted').notNull(),
  apiLoginIdLast4: text('api_login_id_last4').notNull(),
  transactionKeyEncrypted: text('transaction_key_encrypted').notNull(),
  transactionKeyLast4: text('transaction_key_last4').notNull(),
  publicClientKey: text('public_client_key').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
