import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { ExerciseItem } from '../../../shared/ear-trainer-theory.js';
import { users } from './users.js';

/**
 * The provider's exercise sets, one or more a level (issue 17). Platform content like genres:
 * no school owns them. Row-level security lets every transaction read them and only an
 * all-schools one (the superadmin's) write them.
 */
export const earTrainerSets = pgTable(
  'ear_trainer_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    items: jsonb('items').$type<ExerciseItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ear_trainer_sets_level_idx').on(t.level, t.createdAt)],
);

/**
 * A question asked: the item and root stay here, the page gets only the pitches and the choices,
 * and the answer is checked against this row (decision 049). Answered rows are the practice
 * history that the streak and the weekly goal count.
 */
export const earTrainerQuestions = pgTable(
  'ear_trainer_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    setId: uuid('set_id').references(() => earTrainerSets.id, { onDelete: 'set null' }),
    item: jsonb('item').$type<ExerciseItem>().notNull(),
    itemKey: text('item_key').notNull(),
    root: integer('root').notNull(),
    answer: text('answer'),
    correct: boolean('correct'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ear_trainer_questions_admin_idx').on(t.adminId),
    // The streak and the week's count read a student's answered questions by time.
    index('ear_trainer_questions_student_idx').on(t.studentId, t.answeredAt),
  ],
);

/** SM-2 state and the tries of one student on one item (decision 049). */
export const earTrainerProgress = pgTable(
  'ear_trainer_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    label: text('label').notNull(),
    repetitions: integer('repetitions').notNull().default(0),
    intervalDays: real('interval_days').notNull().default(0),
    ease: real('ease').notNull().default(2.5),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    right: integer('right').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ear_trainer_progress_admin_idx').on(t.adminId), unique('ear_trainer_progress_item_idx').on(t.studentId, t.itemKey)],
);

/** A teacher's weekly goal for a student: questions answered a week. */
export const earTrainerGoals = pgTable(
  'ear_trainer_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
    questionsPerWeek: integer('questions_per_week').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ear_trainer_goals_admin_idx').on(t.adminId)],
);
