import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The provider's plans for schools (issue 12, decision 035). Plans are the provider's catalogue
 * (no school owns them); a school's booking and its period charges are the school's rows.
 */
export const schoolPlans = pgTable(
  'school_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planName: text('plan_name').notNull(),
    /** 0 is a free plan. */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** school | privateTeacher: the School Role a paid plan gives (docs/domains/plans.md "Rules"). */
    schoolPrivateTeacher: text('school_private_teacher').notNull(),
    /** monthly | yearly */
    billingPeriod: text('billing_period').notNull(),
    /** Null: no limit. */
    maxStudents: integer('max_students'),
    maxTeachers: integer('max_teachers'),
    /** The store comes with the plan: booking it sets the school's showStore. */
    storeIncluded: boolean('store_included').notNull().default(false),
    /** A plan some school is on is retired, not deleted: its bookings keep it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('school_plans_created_idx').on(t.createdAt)],
);

/**
 * A school's plan (one row a school). `renews_on` is the next period's first day on the school's
 * clock; a card booking is charged then through the provider's gateway with the kept profile.
 */
export const schoolPlanBookings = pgTable(
  'school_plan_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull().references(() => schoolPlans.id),
    /** active | lapsed | cancelled */
    status: text('status').notNull().default('active'),
    /** card | invoice */
    paymentMethod: text('payment_method').notNull(),
    periodStartsOn: date('period_starts_on', { mode: 'string' }).notNull(),
    renewsOn: date('renews_on', { mode: 'string' }).notNull(),
    /** Cancelled: the plan ends at the end of the paid period. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Failed renewal charges of the current period; retried after 1, 3 and 7 days. */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /** The provider's gateway profile of the school's card (never the number). */
    gateway: text('gateway'),
    testMode: boolean('test_mode').notNull().default(false),
    customerProfileId: text('customer_profile_id'),
    customerPaymentProfileId: text('customer_payment_profile_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Made by the owner at /signup/{id}: a first period declined removes the school and its owner too. */
    selfRegistered: boolean('self_registered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_plan_bookings_admin_idx').on(t.adminId),
    index('school_plan_bookings_plan_idx').on(t.planId),
    // The renewal sweep: only active bookings are ever due.
    index('school_plan_bookings_due_idx').on(t.renewsOn).where(sql`status = 'active'`),
  ],
);

/**
 * One period's bill of a school's plan: charged once (unique per booking and period), written as
 * 'pending' before the gateway is called (decision 030). invoice: the provider bills it by hand.
 */
export const schoolPlanCharges = pgTable(
  'school_plan_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').notNull().references(() => schoolPlanBookings.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull().references(() => schoolPlans.id),
    planName: text('plan_name').notNull(),
    periodStartsOn: date('period_starts_on', { mode: 'string' }).notNull(),
    periodEndsOn: date('period_ends_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** card | invoice */
    method: text('method').notNull(),
    /** pending | succeeded | declined | failed | invoiced | paid */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    idempotencyKey: text('idempotency_key').notNull(),
    gateway: text('gateway'),
    testMode: boolean('test_mode').notNull().default(false),
    gatewayTransactionId: text('gateway_transaction_id'),
    message: text('message').notNull().default(''),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('school_plan_charges_period_key').on(t.bookingId, t.periodStartsOn),
    uniqueIndex('school_plan_charges_key_idx').on(t.idempotencyKey),
    index('school_plan_charges_admin_idx').on(t.adminId, t.createdAt),
    // The reconciliation sweep: only attempts whose answer was lost are ever due.
    index('school_plan_charges_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);
