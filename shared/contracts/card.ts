import { z } from 'zod';
import { safeString } from './common.js';
import {
  CARD_MESSAGES, CARD_MONTHS, cardBrandOf, cardCodeLengthOf, cardDigitsOf, CARD_NUMBER_TYPED_MAX, isExpired, TYPED_CARD_NUMBER,
} from '../card-text.js';

export {
  CARD_MESSAGES, CARD_MONTHS, CARD_NUMBER_DIGITS_MAX, CARD_NUMBER_TYPED_MAX, CARD_YEARS_OFFERED, cardBrandFromPrefix, cardBrandOf,
  cardCodeLengthOf, cardDigitsOf, cardExpiryMonths, cardExpiryYears, EMPTY_CARD_FIELDS, expDateOf, groupCardNumber, isExpired, isExpiredOn,
} from '../card-text.js';
export type { CardFieldName, CardFieldValues } from '../card-text.js';

/**
 * The one card rule (decision 074): the number, its brand, the card code and the expiry, with the
 * messages every card form shows and every route that takes a card answers (the pay page, "add a
 * card", the store's checkout, a school's plan, the school signup). Numbers go to the gateway and
 * nowhere else (decision 030): this module reads them and hands back digits, it keeps nothing.
 */

/** The number as typed (spaces and dashes allowed) → its digits, refused when no brand has it. */
export const cardNumberField = safeString({ error: CARD_MESSAGES.numberRequired }).trim()
  .min(1, CARD_MESSAGES.numberRequired)
  .max(CARD_NUMBER_TYPED_MAX, CARD_MESSAGES.numberInvalid)
  .regex(TYPED_CARD_NUMBER, CARD_MESSAGES.numberInvalid)
  .transform(cardDigitsOf)
  .refine((v) => cardBrandOf(v) !== null, CARD_MESSAGES.numberInvalid);

/** The card code alone: 3 or 4 digits. Which of the two the brand wants is `checkCardCode`'s. */
export const cardCodeField = safeString({ error: CARD_MESSAGES.codeRequired }).trim()
  .min(1, CARD_MESSAGES.codeRequired)
  .max(4, CARD_MESSAGES.codeInvalid)
  .regex(/^\d{3,4}$/, CARD_MESSAGES.codeInvalid);

/** The card code's message for the number's brand (4 digits for American Express, 3 for the others), or null when it fits. */
export function cardCodeProblem(digits: string, code: string): string | null {
  const brand = cardBrandOf(digits);
  if (!brand || !/^\d{3,4}$/.test(code)) return null; // the fields' own messages say it
  if (code.length === cardCodeLengthOf(brand)) return null;
  return brand === 'American Express' ? CARD_MESSAGES.codeInvalidAmex : CARD_MESSAGES.codeInvalid;
}

/** For a body's superRefine: a card code of the wrong length for the number's brand, under cardCode. */
export function checkCardCode(v: { cardNo?: string; cardCode?: string }, ctx: z.RefinementCtx) {
  const problem = v.cardNo && v.cardCode ? cardCodeProblem(v.cardNo, v.cardCode) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['cardCode'], message: problem });
}

/** An expiry month ('01'–'12') and a year (four digits, 20xx): the past is the expiry check's. */
export const cardMonthField = z.enum(CARD_MONTHS as [string, ...string[]], { error: CARD_MESSAGES.monthRequired });
export const cardYearField = safeString({ error: CARD_MESSAGES.yearRequired }).trim()
  .min(1, CARD_MESSAGES.yearRequired)
  .max(4, CARD_MESSAGES.yearRequired)
  .regex(/^20\d{2}$/, CARD_MESSAGES.yearRequired);

/**
 * The server's expiry check: a month is refused once it has ended on every clock on earth (the
 * last zone, UTC−12, is 12 hours behind UTC). The form offers months from the school's current
 * month, so the check never refuses a month the form offered, whatever the school's zone; a
 * card that ended hours ago in one zone is the gateway's to decline (decision 074).
 */
export const EXPIRY_GRACE_MS = 12 * 3_600_000;
export function hasExpiredEverywhere(month: number, year: number, now: Date): boolean {
  return isExpired(month, year, new Date(now.getTime() - EXPIRY_GRACE_MS));
}

/** For a body's superRefine: an expiry already over (see `hasExpiredEverywhere`) under `path`. */
export function checkNotExpired(month: string, year: string, ctx: z.RefinementCtx, path: string, now = new Date()) {
  if (hasExpiredEverywhere(Number(month), Number(year), now)) ctx.addIssue({ code: 'custom', path: [path], message: CARD_MESSAGES.expired });
}

/**
 * The expiry as a payload's `expDate` (year-month), with the messages of the form's two selects.
 * Its own clock is the wall's (a schema has no school): see `hasExpiredEverywhere`.
 */
export const expDateField = safeString({ error: CARD_MESSAGES.monthRequired })
  .trim()
  .max(7, CARD_MESSAGES.monthRequired)
  .superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    if (!match) return void ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.monthRequired });
    const [, year, month] = match as unknown as [string, string, string];
    if (!/^20\d{2}$/.test(year)) return void ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.yearRequired });
    if (!CARD_MONTHS.includes(month)) return void ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.monthRequired });
    if (hasExpiredEverywhere(Number(month), Number(year), new Date())) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expired });
  });

/**
 * The card of a payload whose card fields are optional in the schema and required by another
 * field (the school signup's paid plan): each field's first message, the same as the fields'.
 */
export function cardProblems(v: { cardNo: string; expDate: string; cardCode: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  const first = (schema: z.ZodType, value: string) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  };
  const number = first(cardNumberField, v.cardNo);
  const expiry = first(expDateField, v.expDate);
  const code = first(cardCodeField, v.cardCode) ?? cardCodeProblem(cardDigitsOf(v.cardNo), v.cardCode);
  if (number) problems.cardNo = number;
  if (expiry) problems.expDate = expiry;
  if (code) problems.cardCode = code;
  return problems;
}

/**
 * The card alone (number, month, year, code): what the card forms check before they send, the
 * same fields and messages as the routes. `cardForm` (shared/contracts/billing.ts) adds the billing details.
 */
export const cardFields = {
  cardNo: cardNumberField,
  expMonth: cardMonthField,
  expYear: cardYearField,
  cardCode: cardCodeField,
};

/** For a body with month and year: the code's length and the expiry. */
export function checkCard(v: { cardNo?: string; cardCode?: string; expMonth?: string; expYear?: string }, ctx: z.RefinementCtx) {
  checkCardCode(v, ctx);
  if (v.expMonth && v.expYear) checkNotExpired(v.expMonth, v.expYear, ctx, 'expMonth');
}

export const cardDetails = z.object(cardFields).superRefine(checkCard);
export type CardDetailsInput = z.input<typeof cardDetails>;
