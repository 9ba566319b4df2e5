import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Student billing (issue 11, decision 030). Money is integer cents; dates that a family reads
 * (issued, due) are calendar dates in the school's zone; moments are UTC.
 */

/** A school's billing rules (one row a school; none means the defaults). */
export const billingSettings = pgTable('billing_settings', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('USD'),
  /** Days from issue to due on a new invoice. */
  defaultDueDays: integer('default_due_days').notNull().default(14),
  /** A late fee, added once to an invoice still open this many days after its due date; 0 is off. */
  lateFeeCents: integer('late_fee_cents').notNull().default(0),
  lateFeeAfterDays: integer('late_fee_after_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last invoice number a school used; bumped in the invoice's own transaction, never reused. */
export const invoiceCounters = pgTable('invoice_counters', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * A student's invoice. `status` is stored as draft | open | paid | void; "partly paid" (open with
 * money in) and "overdue" (open past its due date) are read from it, never stored.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Per school, from invoice_counters: shown as INV-000001. */
    number: integer('number').notNull(),
    /** The bill-to student. */
    studentId: uuid('student_id').notNull().references(() => users.id),
    /** Who pays and is emailed: the student's parent when there is one, else the student. */
    payerId: uuid('payer_id').notNull().references(() => users.id),
    status: text('status').notNull().default('draft'),
    currency: text('currency').notNull().default('USD'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Sum of the lines (late fee lines included). */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    /** subtotal - discount. */
    totalCents: integer('total_cents').notNull().default(0),
    /** Money in, net of refunds: balance due is total - paid. */
    paidCents: integer('paid_cents').notNull().default(0),
    note: text('note').notNull().default(''),
    /**
     * The pay page's capability (decision 030), as the calendar feed's: found by its SHA-256,
     * sealed so the payer's own pages and emails can show the link again.
     */
    payTokenHash: text('pay_token_hash').notNull(),
    payTokenSealed: text('pay_token_sealed').notNull(),
    recurringInvoiceId: uuid('recurring_invoice_id'),
    /** The recurring period this invoice bills ('YYYY-MM-DD' of the period's first day). */
    periodStartsOn: date('period_starts_on', { mode: 'string' }),
    lateFeeAddedAt: timestamp('late_fee_added_at', { withTimezone: true }),
    /** Autopay: failed charges so far, and when the next try is due (after 1, 3 and 7 days). */
    autopayFailures: integer('autopay_failures').notNull().default(0),
    autopayNextAt: timestamp('autopay_next_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_admin_number_key').on(t.adminId, t.number),
    uniqueIndex('invoices_pay_token_idx').on(t.payTokenHash),
    unique('invoices_recurring_period_key').on(t.recurringInvoiceId, t.periodStartsOn),
    index('invoices_admin_created_idx').on(t.adminId, t.createdAt),
    index('invoices_admin_status_due_idx').on(t.adminId, t.status, t.dueOn),
    index('invoices_student_idx').on(t.studentId),
    index('invoices_payer_idx').on(t.payerId),
    // The jobs' sweeps: only open invoices are ever due for a late fee or an autopay charge.
    index('invoices_open_due_idx').on(t.dueOn).where(sql`status = 'open'`),
  ],
);

/** A line of an invoice: an item, a lesson from the calendar, or the late fee. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** item | lesson | late_fee */
    kind: text('kind').notNull().default('item'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The calendar lesson a 'lesson' line bills. */
    lessonId: uuid('lesson_id'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position), index('invoice_lines_admin_idx').on(t.adminId)],
);

/**
 * Money moving for an invoice: a card charge (written as 'pending' with its idempotency key
 * before the gateway is called), a cash or check payment, or a refund. A charge's outcome is
 * succeeded | declined | failed; 'pending' left behind by a crash is reconciled by a job.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id),
    payerId: uuid('payer_id').notNull().references(() => users.id),
    /** charge | refund */
    kind: text('kind').notNull().default('charge'),
    /** card | cash | check */
    method: text('method').notNull(),
    /** pay_page | saved_card | autopay | staff */
    source: text('source').notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** Refunds against this charge so far. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundOfId: uuid('refund_of_id'),
    idempotencyKey: text('idempotency_key'),
    /** sandbox | authorizenet; null for cash and check. */
    gateway: text('gateway'),
    testMode: boolean('test_mode').notNull().default(false),
    gatewayTransactionId: text('gateway_transaction_id'),
    gatewayResponseCode: text('gateway_response_code'),
    /** The gateway's or the recorder's words, shown to staff (never a card number). */
    message: text('message').notNull().default(''),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    savedCardId: uuid('saved_card_id'),
    /** A check number or a receipt reference typed by staff. */
    reference: text('reference').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.adminId, t.idempotencyKey),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_admin_created_idx').on(t.adminId, t.createdAt),
    index('payments_student_created_idx').on(t.studentId, t.createdAt),
    index('payments_payer_created_idx').on(t.payerId, t.createdAt),
    index('payments_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/** The gateway's customer profile of a payer at a school (Authorize.Net's customerProfileId). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    testMode: boolean('test_mode').notNull(),
    customerProfileId: text('customer_profile_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_customers_key').on(t.adminId, t.userId, t.gateway, t.testMode), index('payment_customers_admin_idx').on(t.adminId)],
);

/** A saved card: the gateway's payment profile and what may be shown of the card, nothing more. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The payer whose card it is. */
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull().references(() => paymentCustomers.id, { onDelete: 'cascade' }),
    customerPaymentProfileId: text('customer_payment_profile_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_cards_owner_idx').on(t.ownerId),
    index('saved_cards_admin_idx').on(t.adminId),
    uniqueIndex('saved_cards_one_default_idx').on(t.ownerId, t.adminId).where(sql`is_default AND removed_at IS NULL`),
  ],
);

/** Autopay per student: on an invoice's due date its payer's default card is charged. */
export const autopaySettings = pgTable('autopay_settings', {
  studentId: uuid('student_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('autopay_settings_admin_idx').on(t.adminId)]);

/** One line of a recurring invoice's template. */
export type RecurringLine = { description: string; quantity: number; unitPriceCents: number };

/** A student's recurring invoice: monthly on a day, or every N weeks; a job issues each period once. */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<RecurringLine[]>().notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    note: text('note').notNull().default(''),
    /** monthly | weekly */
    frequency: text('frequency').notNull(),
    /** monthly: the day of the month (1–28). */
    dayOfMonth: integer('day_of_month'),
    /** weekly: every this many weeks from starts_on. */
    intervalWeeks: integer('interval_weeks'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The next period to issue; the job moves it on in the transaction that issues the invoice. */
    nextIssueOn: date('next_issue_on', { mode: 'string' }).notNull(),
    dueDays: integer('due_days').notNull().default(14),
    /** Send the issued invoice to the payer at once (else it waits as a draft). */
    autoSend: boolean('auto_send').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recurring_invoices_admin_idx').on(t.adminId, t.createdAt), index('recurring_invoices_due_idx').on(t.nextIssueOn).where(sql`active`)],
);
