import { z } from 'zod';
import { MONEY_INPUT_MAX } from '../constants.js';
import { safeString } from './common.js';

/**
 * Money on forms: dollars as typed, kept as integer cents. The arithmetic and the formatting of
 * money live in shared/money.ts (decision 056).
 */
/** Dollars as typed, kept as integer cents: "35", "35.5" or "35.50". */
export const moneyField = z.union([z.number(), safeString().trim().max(MONEY_INPUT_MAX, 'Please enter an amount between 0 and 100000')])
  .transform((v) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v)))
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, 'Please enter an amount between 0 and 100000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Please enter at most two decimals')
  .transform((v) => Math.round(v * 100));
