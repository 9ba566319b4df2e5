import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classGroups } from './members.js';
import { users } from './users.js';

/** A school's scheduling rules: make-up credits, notice window, reminders (one row a school). */
export const schedulingSettings = pgTable('scheduling_settings', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** How many unused credits a student may hold at once. */
  creditMaxHeld: integer('credit_max_held').notNull().default(2),
  /** How many credits a student may earn in one term (counted by the banked lesson's date). */
  creditMaxPerTerm: integer('credit_max_per_term').notNull().default(4),
  creditLifetimeDays: integer('credit_lifetime_days').notNull().default(60),
  /** A cancellation at least this many hours ahead earns a credit; a later one only by hand. */
  noticeHours: integer('notice_hours').notNull().default(24),
  /** docs/domains/scheduling.md "Rules": a credit is banked-due once expired or within this many hours of expiry. */
  bankedDueHours: integer('banked_due_hours').notNull().default(72),
  reminderHours: integer('reminder_hours').notNull().default(24),
  defaultLessonMinutes: integer('default_lesson_minutes').notNull().default(30),
  /** How far into the past a teacher may book or move a lesson (staff: no limit; decision 016). */
  teacherBackDateDays: integer('teacher_back_date_days').notNull().default(7),
  /** The current term; without one, the per-term limit counts the calendar year. */
  termStartsOn: date('term_starts_on', { mode: 'string' }),
  termEndsOn: date('term_ends_on', { mode: 'string' }),
  /**
   * School hours, 'HH:mm' of the school's wall clock: where "Add Lesson" and a make-up look for
   * the next free hour, and what the calendar shows (shared/contracts/scheduling.ts: schoolHours).
   */
  dayStartsAt: text('day_starts_at').notNull().default('08:00'),
  dayEndsAt: text('day_ends_at').notNull().default('21:00'),
}, (t) => [
  check('scheduling_settings_school_hours', sql`${t.dayStartsAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.dayEndsAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.dayEndsAt} > ${t.dayStartsAt}`),
]);

export const lessonTypes = pgTable(
  'lesson_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** private: one or more named students; class_group: a Classes/Groups entry. */
    kind: text('kind').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_types_admin_name_idx').on(t.adminId, sql`lower(${t.name})`)],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roomName: text('room_name').notNull(),
    capacity: integer('capacity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rooms_admin_name_idx').on(t.adminId, sql`lower(${t.roomName})`), index('rooms_admin_created_idx').on(t.adminId, t.createdAt)],
);

/** Closures: recurring lessons on these days are cancelled, and banked when bankLessons is set. */
export const holidays = pgTable(
  'holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    bankLessons: boolean('bank_lessons').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('holidays_admin_idx').on(t.adminId, t.startsOn)],
);

/**
 * A recurring lesson: an RRULE over the wall-clock start in the school's zone, so a weekly lesson
 * at 4 pm stays at 4 pm across daylight-saving changes. Its occurrences are rows of `lessons`,
 * made up to `materialized_until` and extended by a job (decision 012).
 */
export const lessonSeries = pgTable(
  'lesson_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id),
    lessonTypeId: uuid('lesson_type_id').notNull().references(() => lessonTypes.id),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    classGroupId: uuid('class_group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    /** RRULE body without DTSTART (FREQ=WEEKLY;INTERVAL=2;UNTIL=…). */
    rrule: text('rrule').notNull(),
    /** The first lesson's wall-clock start, 'YYYY-MM-DDTHH:mm', in time_zone. */
    startsLocal: text('starts_local').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Occurrences exist up to here; null once the rule has no more. */
    materializedUntil: timestamp('materialized_until', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lesson_series_admin_idx').on(t.adminId), index('lesson_series_materialize_idx').on(t.materializedUntil)],
);

export const lessonSeriesStudents = pgTable(
  'lesson_series_students',
  {
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').notNull().references(() => lessonSeries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.studentId] }), index('lesson_series_students_admin_idx').on(t.adminId)],
);

/** One lesson on the calendar: an occurrence of a series, a one-off, or a make-up. */
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => lessonSeries.id, { onDelete: 'set null' }),
    /** The start the series gave this occurrence (its RECURRENCE-ID), kept when it is moved. */
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    /** Changed on its own ("this lesson"): a series change leaves it as it is. */
    detached: boolean('detached').notNull().default(false),
    teacherId: uuid('teacher_id').notNull().references(() => users.id),
    lessonTypeId: uuid('lesson_type_id').notNull().references(() => lessonTypes.id),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    classGroupId: uuid('class_group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** scheduled | cancelled */
    status: text('status').notNull().default('scheduled'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set when a closure cancelled it, so removing the closure can bring it back. */
    holidayId: uuid('holiday_id').references(() => holidays.id, { onDelete: 'set null' }),
    attendanceTakenAt: timestamp('attendance_taken_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_admin_start_idx').on(t.adminId, t.startsAt),
    index('lessons_teacher_start_idx').on(t.teacherId, t.startsAt),
    index('lessons_room_start_idx').on(t.roomId, t.startsAt),
    index('lessons_group_start_idx').on(t.classGroupId, t.startsAt),
    index('lessons_holiday_idx').on(t.holidayId),
    unique('lessons_series_occurrence_key').on(t.seriesId, t.occurrenceStart),
  ],
);

/** The students of a lesson and their attendance (group members get a row when attendance is taken). */
export const lessonStudents = pgTable(
  'lesson_students',
  {
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id),
    /** null until taken: present | absent | late | excused | cancelled */
    attendance: text('attendance'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markedBy: uuid('marked_by'),
    /** The teacher's note on the student's lesson; families see it only when shared. */
    note: text('note'),
    noteShared: boolean('note_shared').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.studentId] }), index('lesson_students_student_idx').on(t.studentId, t.lessonId), index('lesson_students_admin_idx').on(t.adminId)],
);

/** A make-up credit from a banked lesson: used once, by one make-up lesson. */
export const makeupCredits = pgTable(
  'makeup_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id),
    lessonId: uuid('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** available | used | revoked */
    status: text('status').notNull().default('available'),
    usedLessonId: uuid('used_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    /** Granted by staff outside the notice window or past a limit. */
    grantedByHand: boolean('granted_by_hand').notNull().default(false),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('makeup_credits_student_idx').on(t.studentId, t.status),
    index('makeup_credits_admin_expiry_idx').on(t.adminId, t.status, t.expiresAt),
    unique('makeup_credits_lesson_student_key').on(t.lessonId, t.studentId),
    // Whether a lesson is a make-up: asked of every lesson on a calendar.
    index('makeup_credits_used_lesson_idx').on(t.usedLessonId),
  ],
);

/**
 * An open make-up slot (decision 028): a time a teacher keeps for make-ups, published by the
 * school or the teacher. Families book into it with a credit; the first booking makes its
 * make-up lesson (`lesson_id`), later ones (capacity above 1) join that lesson.
 */
export const makeupSlots = pgTable(
  'makeup_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonTypeId: uuid('lesson_type_id').notNull().references(() => lessonTypes.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** How many students may book it: 1 for a private make-up. */
    capacity: integer('capacity').notNull().default(1),
    /** The make-up lesson its bookings made; null while unbooked. */
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('makeup_slots_admin_start_idx').on(t.adminId, t.startsAt), index('makeup_slots_teacher_start_idx').on(t.teacherId, t.startsAt)],
);

/** One row a reminder sent: the unique key makes each reminder go exactly once. */
export const lessonReminders = pgTable(
  'lesson_reminders',
  {
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), index('lesson_reminders_admin_idx').on(t.adminId)],
);

/** A user's private iCal feed: looked up by the token's hash; the token itself kept sealed to show again. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LessonRow = typeof lessons.$inferSelect;
export type LessonSeriesRow = typeof lessonSeries.$inferSelect;
export type SchedulingSettingsRow = typeof schedulingSettings.$inferSelect;
