import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import type { AnswerResult, Notation, QuestionKind, QuizStatus, Sound } from '../../../shared/contracts/quizzes.js';
import { users } from './users.js';

/**
 * Quizzes (issue 17, decision 048). Categories, quizzes and questions are the provider's: admin_id
 * is the superadmin's own id. Row-level security lets every school read the categories, the
 * published quizzes and their questions, and only the provider's scope write them.
 */
export const quizCategories = pgTable(
  'quiz_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Always true for the rows the app writes: what the read-by-every-school policy keys on. */
    provider: boolean('provider').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quiz_categories_name_idx').on(t.adminId, sql`lower(${t.name})`)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: boolean('provider').notNull().default(false),
    categoryId: uuid('category_id').notNull().references(() => quizCategories.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Minutes; null is untimed. */
    timeLimit: integer('time_limit'),
    status: text('status').$type<QuizStatus>().notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quizzes_admin_idx').on(t.adminId, t.createdAt),
    index('quizzes_published_idx').on(t.categoryId, t.createdAt).where(sql`status = 'published'`),
    check('quizzes_status_check', sql`${t.status} in ('draft', 'published')`),
    check('quizzes_time_limit_check', sql`${t.timeLimit} is null or ${t.timeLimit} > 0`),
  ],
);

/** A question; `correct` holds the indexes of the correct answers and never leaves for a student before they submit. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').notNull().references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    prompt: text('prompt').notNull(),
    answers: jsonb('answers').$type<string[]>().notNull(),
    correct: jsonb('correct').$type<number[]>().notNull(),
    explanation: text('explanation').notNull().default(''),
    notation: jsonb('notation').$type<Notation>(),
    sound: jsonb('sound').$type<Sound>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

/**
 * A student's attempt, a row of the student's school. `results` is the marked copy of every
 * question as it stood when submitted, so a quiz edited later never changes a past result.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').notNull().references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    timedOut: boolean('timed_out').notNull().default(false),
    score: integer('score'),
    total: integer('total').notNull(),
    percent: integer('percent'),
    results: jsonb('results').$type<AnswerResult[]>(),
  },
  (t) => [
    index('quiz_attempts_student_idx').on(t.adminId, t.studentId, t.startedAt),
    index('quiz_attempts_quiz_idx').on(t.quizId),
  ],
);
