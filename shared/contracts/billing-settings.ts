import { z } from 'zod';
import { safeString } from './common.js';
import { moneyField } from './money.js';
import { defineRoute } from './route.js';
import { SCHOOL_STAFF_ROLES } from '../roles.js';

/**
 * A school's billing settings (issue 11): GET and POST /api/billing/settings. The admin reads and
 * saves them; a sub-admin reads them (they make invoices, whose due date starts from the default).
 * The late fee is added once, by the `add-late-fees` job, to an invoice still open
 * `lateFeeAfterDays` days after its due date; an amount of 0 turns it off.
 */
export const BILLING_CURRENCIES = ['USD'] as const;

export const BILLING_SETTINGS_MESSAGES = {
  saved: 'Billing settings saved',
  dueDays: 'Please enter a number of days from 0 to 365',
  lateFeeDays: 'Please enter a number of days from 1 to 365',
  currency: 'Please choose a currency',
} as const;

/** Whole days typed in a form (a number input may send the text). */
const days = (min: number, message: string) =>
  z.union([z.number(), safeString().trim().max(4, message)])
    .transform((v) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= min && v <= 365, message);

export const billingSettingsForm = z.object({
  currency: z.enum(BILLING_CURRENCIES, { error: BILLING_SETTINGS_MESSAGES.currency }).default('USD'),
  /** Days from issue to due on a new invoice. */
  defaultDueDays: days(0, BILLING_SETTINGS_MESSAGES.dueDays),
  /** Dollars; 0 turns the late fee off. */
  lateFee: moneyField,
  lateFeeAfterDays: days(1, BILLING_SETTINGS_MESSAGES.lateFeeDays),
});
export type BillingSettingsForm = z.input<typeof billingSettingsForm>;

export const billingSettingsAnswer = z.object({
  currency: z.string(),
  defaultDueDays: z.number().int(),
  /** Dollars with two decimals; 0 is off. */
  lateFee: z.number(),
  lateFeeAfterDays: z.number().int(),
  /** Whether the caller may save (the admin; a sub-admin reads). */
  canEdit: z.boolean(),
});
export type BillingSettings = z.infer<typeof billingSettingsAnswer>;

/** What a school without a row of its own bills by (the table's defaults). */
export const DEFAULT_BILLING_SETTINGS = { currency: 'USD', defaultDueDays: 14, lateFeeCents: 0, lateFeeAfterDays: 7 } as const;

/** The admin saves, a sub-admin reads (policies/billing-settings.ts). */
const meta = { roles: SCHOOL_STAFF_ROLES, tags: ['billing settings'] } as const;

export const BILLING_SETTINGS_ROUTES = {
  get: defineRoute({ method: 'GET', path: '/billing/settings', response: billingSettingsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  save: defineRoute({ method: 'POST', path: '/billing/settings', body: billingSettingsForm, response: billingSettingsAnswer, meta }),
};
