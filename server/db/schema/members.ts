import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
  (t) => [index('class_group_students_admin_idx').on(t.adminId), unique().on(t.classGroupId, t.studentId)],
);
