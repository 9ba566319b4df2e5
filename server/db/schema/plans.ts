import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recurringInvoices, savedCards } from './billing.js';
import { classGroups, genres } from './members.js';
import { users } from './users.js';

/**
 * A school's plans for its students (issue 12): what a family buys, and each request for one.
 * An approved request is billed by a recurring invoice of issue 11 and charged by autopay.
 */
export const studentPlans = pgTable(
  'student_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Each period's price; 0 is a free plan. */
    priceCents: integer('price_cents').notNull(),
    /** monthly | term | once */
    period: text('period').notNull(),
    lessonsPerPeriod: integer('lessons_per_period').notNull(),
    lessonMinutes: integer('lesson_minutes').notNull(),
    /** private | class_group */
    lessonKind: text('lesson_kind').notNull(),
    genreId: uuid('genre_id').references(() => genres.id),
    teacherIds: jsonb('teacher_ids').$type<string[]>().notNull().default([]),
    /** A group plan: the class/group it enrols in. */
    classGroupId: uuid('class_group_id').references(() => classGroups.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    /** A plan someone subscribed to is retired, not deleted: their subscription still names it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_plans_admin_idx').on(t.adminId, t.createdAt).where(sql`retired_at IS NULL`)],
);

/**
 * A student's request for a plan and, once approved, their subscription to it. status is
 * waiting | active | cancelled | declined; a cancelled one runs to ends_on (its paid period).
 */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull().references(() => studentPlans.id),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The payer's card picked on the request (it becomes their default: autopay charges that). */
    cardId: uuid('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('waiting'),
    recurringInvoiceId: uuid('recurring_invoice_id').references(() => recurringInvoices.id, { onDelete: 'set null' }),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_subscriptions_admin_idx').on(t.adminId, t.status, t.createdAt),
    index('plan_subscriptions_student_idx').on(t.studentId),
    // One live request or subscription of a student to a plan.
    uniqueIndex('plan_subscriptions_live_idx').on(t.studentId, t.planId).where(sql`status IN ('waiting', 'active')`),
  ],
);

/**
 * Which of a school's widgets are on (issue 12, /widget/getActiveWidget): the plan widget, the
 * login widget, the student login widget and the register widget. No row: all on.
 */
export const widgetSettings = pgTable('widget_settings', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  planWidget: boolean('plan_widget').notNull().default(true),
  loginWidget: boolean('login_widget').notNull().default(true),
  studentWidget: boolean('student_widget').notNull().default(true),
  registerWidget: boolean('register_widget').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
