import { z } from 'zod';
import { MONEY_INPUT_MAX } from '../constants.js';
import { safeString } from './common.js';

/**
 * Money, the one rule (docs/domains/conventions.md "Money"): integer cents in the database and on the server,
 * dollars with two decimals on forms and in JSON.
 */
/** Dollars as typed, kept as integer cents: "35", "35.5" or "35.50". */
export const moneyField = z.union([z.number(), safeString().trim().max(MONEY_INPUT_MAX, 'Please enter an amount between 0 and 100000')])
  .transform((v) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v)))
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, 'Please enter an amount between 0 and 100000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Please enter at most two decimals')
  .transform((v) => Math.round(v * 100));

/** Cents as the JSON number of dollars (1999 → 19.99). */
export const dollarsOf = (cents: number) => Math.round(cents) / 100;

/** Cents for people: "$1,234.50" (negative as "-$5.00"). */
export function formatMoney(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
