import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { lessons } from './scheduling.js';
import { users } from './users.js';

/** What a school pays a teacher for besides lessons held (someone present or late): one row a school, made on first use. */
export const payrollSettings = pgTable('payroll_settings', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** A lesson whose attendance was taken with nobody present or late. */
  payNoShows: boolean('pay_no_shows').notNull().default(false),
  /** A lesson cancelled inside the school's notice window (scheduling_settings.notice_hours). */
  payLateCancellations: boolean('pay_late_cancellations').notNull().default(false),
});

/** A payroll for a period: generated (editable) until approved (locked for good). */
export const payrolls = pgTable(
  'payrolls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** generated | approved */
    status: text('status').notNull().default('generated'),
    /** The teachers it was generated for; empty: every teacher of the school (regenerate asks the same). */
    teacherIds: uuid('teacher_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    index('payrolls_admin_idx').on(t.adminId, t.status, t.periodFrom),
    check('payrolls_status', sql`${t.status} in ('generated', 'approved')`),
  ],
);

/** One figure: a teacher's count of one lesson kind in a payroll, at the rate of the day it was generated. */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    payrollId: uuid('payroll_id').notNull().references(() => payrolls.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id),
    /** private | class_group (lesson_types.kind) */
    lessonKind: text('lesson_kind').notNull(),
    lessonCount: integer('lesson_count').notNull(),
    rateCents: integer('rate_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('payroll_lines_admin_idx').on(t.adminId), unique('payroll_lines_figure_key').on(t.payrollId, t.teacherId, t.lessonKind)],
);

/**
 * The lessons behind a figure, kept as they were counted (a lesson deleted later leaves its date).
 * Approving a payroll marks its rows paid; the partial unique index lets a lesson be paid once,
 * whatever two approvals race for it.
 */
export const payrollLessons = pgTable(
  'payroll_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    payrollId: uuid('payroll_id').notNull().references(() => payrolls.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id').notNull().references(() => payrollLines.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    lessonTypeName: text('lesson_type_name').notNull(),
    /** held | no_show | late_cancellation */
    reason: text('reason').notNull(),
    paid: boolean('paid').notNull().default(false),
  },
  (t) => [
    index('payroll_lessons_line_idx').on(t.lineId, t.startsAt),
    index('payroll_lessons_payroll_idx').on(t.payrollId),
    index('payroll_lessons_admin_idx').on(t.adminId),
    uniqueIndex('payroll_lessons_paid_once_idx').on(t.lessonId).where(sql`${t.paid}`),
  ],
);

/** A bonus or a deduction for one teacher in a payroll, with its reason (amount positive, the kind gives the sign). */
export const payrollAdjustments = pgTable(
  'payroll_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    payrollId: uuid('payroll_id').notNull().references(() => payrolls.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').notNull().references(() => users.id),
    /** bonus | deduction */
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payroll_adjustments_payroll_idx').on(t.payrollId, t.teacherId),
    index('payroll_adjustments_admin_idx').on(t.adminId),
    check('payroll_adjustments_amount', sql`${t.amountCents} > 0`),
  ],
);
