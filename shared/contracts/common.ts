import { z } from 'zod';
import { MAX_PAGE_SIZE, SEARCH_MAX } from '../constants.js';

export const TEXT_MESSAGES = {
  controlCharacters: 'Please remove the invisible control characters from this field',
  oneLine: 'Please keep this field on one line',
} as const;

// C0 controls but tab, line feed and carriage return; DEL; C1 controls; a lone half of a surrogate
// pair (\p{Cs} under the u flag matches only an unpaired one). PostgreSQL refuses NUL in text
// (a 500), and the others are never typed by a person: they only hide or forge what others read.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/**
 * The one string rule (decision 024): every string field of every request starts here. No
 * control characters; one line unless `multiline` (tab, line feed and carriage return allowed
 * then). Callers add the field's bound with `.max()`; a test of the OpenAPI document fails on a
 * request string without one.
 */
export function safeString(options: { multiline?: boolean; error?: string } = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  const checked = base.refine((v) => !hasControlCharacters(v), TEXT_MESSAGES.controlCharacters);
  return options.multiline ? checked : checked.refine((v) => !LINE_BREAKS.test(v), TEXT_MESSAGES.oneLine);
}

/** Free text: an optional field, trimmed, within `max` characters. */
export function optionalText(max: number, message = `This field should allow only ${max} characters.`, options: { multiline?: boolean } = {}) {
  return safeString(options).trim().max(max, message);
}

/** A string the user must fill in: missing, not a string or empty all give the same message. */
export function requiredString(message: string, options: { multiline?: boolean } = {}) {
  return safeString({ ...options, error: message }).trim().min(1, message);
}

/** The same, without trimming: leading whitespace is a rule of its own on some fields. */
export function requiredRawString(message: string) {
  return safeString({ error: message }).min(1, message);
}

/** A list's search box. */
export const searchField = safeString().trim().max(SEARCH_MAX, `Search should allow only ${SEARCH_MAX} characters.`);

/** What the account checks answer, whichever form creates the account. */
export const ACCOUNT_MESSAGES = {
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
} as const;

/** An id: a closed format (hex and dashes), so control characters and length are out already. */
export const uuid = z.uuid({ error: 'Invalid id' }).max(36, 'Invalid id');
/** An id a form requires, with the form's message. */
export const requiredId = (message: string) => z.uuid({ error: message }).max(36, message);

/**
 * Paging of every list (docs/domains/conventions.md "Lists"): page from 1, limit per list (docs/domains/conventions.md "Limits"),
 * sortBy from the list's allowed columns, orderBy -1 descending or 1 ascending.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultLimit: number,
) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
    sortBy: z.enum(sortable).default(sortable[0]),
    orderBy: z.union([z.literal(-1), z.literal(1), z.literal('-1'), z.literal('1')])
      .transform((v) => Number(v) as -1 | 1)
      .default(-1),
    search: searchField.optional(),
  });
}

export type ListResult<T, C extends Record<string, number> = Record<never, number>> = {
  results: T[];
  page: number;
  limit: number;
  totalCount: number;
} & C;

/** The body of every answer (docs/domains/conventions.md "API envelope and errors"): the HTTP status is repeated in `status`. */
export type Envelope<T> = {
  status: number;
  message: string;
  data: T;
  errors?: Record<string, string>;
};
