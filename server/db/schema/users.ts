import { sql } from 'drizzle-orm';
import {
  boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Every person of every role. `admin_id` is the school: the admin's own id for an admin,
 * the school's admin for everyone below, null only for the superadmin.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references((): AnyPgColumn => users.id),
    role: text('role').notNull(),
    addrole: text('addrole'),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    cellPhone: text('cell_phone').notNull().default(''),
    address1: text('address1').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    status: boolean('status').notNull().default(true),
    allowPayrollReport: boolean('allow_payroll_report').notNull().default(false),
    /** Lesson and make-up reminders by email (docs/domains/communication.md "Rules": one on/off switch a person). */
    notificationsOn: boolean('notifications_on').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_school_email_unique').on(t.adminId, sql`lower(${t.email})`),
    index('users_admin_role_idx').on(t.adminId, t.role, t.createdAt),
    // People pickers page through a school by name.
    index('users_admin_name_idx').on(t.adminId, t.firstName, t.lastName, t.id),
  ],
);

/** A school's own settings; keyed by its admin, the tenant key of every school-owned row. */
export const schools = pgTable('schools', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  schoolName: text('school_name').notNull(),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  showStore: boolean('show_store').notNull().default(false),
  /** The school's own contact details, as the superadmin types them (empty for older rows). */
  workingPhone: text('working_phone').notNull().default(''),
  address1: text('address1').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set when the school's plan from the provider lapsed (a renewal failed its last retry): its
   * people get HTTP 402 outside sign-in, profile and billing until it pays (issue 12).
   */
  planLapsedAt: timestamp('plan_lapsed_at', { withTimezone: true }),
  /** Set when a school with history is removed: hidden everywhere, its rows kept (decision 007). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** When the school's admin hid its setup checklist from the dashboard (decision 076); null: shown. */
  setupChecklistDismissedAt: timestamp('setup_checklist_dismissed_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;
export type SchoolRow = typeof schools.$inferSelect;
