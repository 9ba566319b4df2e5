import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classGroups } from './members.js';
import { users } from './users.js';

/**
 * Practice (issue 13): what a teacher asks students to practise, the practice timer and the
 * sessions it records, and a student's favourite songs.
 */
export const practiceAssignments = pgTable(
  'practice_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Assigned to a class/group: its members when assigned (or last updated) are the students. */
    classGroupId: uuid('class_group_id').references(() => classGroups.id, { onDelete: 'set null' }),
    instructions: text('instructions').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    minutesPerDay: integer('minutes_per_day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('practice_assignments_admin_due_idx').on(t.adminId, t.dueOn)],
);

/** The students an assignment is for, one row each (a class/group's members are copied in). */
export const practiceAssignmentStudents = pgTable(
  'practice_assignment_students',
  {
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').notNull().references(() => practiceAssignments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] }), index('practice_assignment_students_student_idx').on(t.studentId)],
);

/** The songs or pieces of an assignment, in order. */
export const practiceItems = pgTable(
  'practice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').notNull().references(() => practiceAssignments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Composer or artist. */
    artist: text('artist').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('practice_items_assignment_idx').on(t.assignmentId, t.position)],
);

/** A student marked an item of their assignment complete. */
export const practiceItemCompletions = pgTable(
  'practice_item_completions',
  {
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull().references(() => practiceItems.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.studentId] }), index('practice_item_completions_student_idx').on(t.studentId)],
);

/**
 * A student's practice timer (docs/domains/learning.md "Data and calls", "Rules"). Times are the server's: `running_since` is
 * when the current running stretch began (null while paused), `accumulated_seconds` the closed
 * stretches. A live timer is running or paused; one per student (the partial unique index).
 */
export const practiceTimers = pgTable(
  'practice_timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** running | paused | stopped */
    status: text('status').notNull(),
    /** The school day (its zone) the timer was started on: the session is recorded for it. */
    practicedOn: date('practiced_on', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    runningSince: timestamp('running_since', { withTimezone: true }),
    accumulatedSeconds: integer('accumulated_seconds').notNull().default(0),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('practice_timers_live_idx').on(t.studentId).where(sql`status IN ('running', 'paused')`)],
);

/** What a stopped timer recorded: seconds practised on a school day. */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The timer that recorded it (one session a timer); null for sessions the demo made. */
    timerId: uuid('timer_id').references(() => practiceTimers.id, { onDelete: 'set null' }),
    practicedOn: date('practiced_on', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('practice_sessions_student_day_idx').on(t.studentId, t.practicedOn),
    uniqueIndex('practice_sessions_timer_idx').on(t.timerId),
  ],
);

/** A student's favourite songs (docs/domains/learning.md "Limits": 20 a page). */
export const favouriteSongs = pgTable(
  'favourite_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    artist: text('artist').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('favourite_songs_student_idx').on(t.studentId, t.createdAt)],
);
