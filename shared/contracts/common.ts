import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';

/** A string the user must fill in: missing, not a string or empty all give the same message. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** The same, without trimming: leading whitespace is a rule of its own on some fields. */
export function requiredRawString(message: string) {
  return z.string({ error: message }).min(1, message);
}

/** What the account checks answer, whichever form creates the account. */
export const ACCOUNT_MESSAGES = {
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
} as const;

export const uuid = z.uuid({ error: 'Invalid id' });

/**
 * Paging of every list (spec section 3): page from 1, limit per list (spec section 9),
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
    search: z.string().trim().max(100).optional(),
  });
}

export type ListResult<T, C extends Record<string, number> = Record<never, number>> = {
  results: T[];
  page: number;
  limit: number;
  totalCount: number;
} & C;

/** The body of every answer (DESIGN.md): the HTTP status is repeated in `status`. */
export type Envelope<T> = {
  status: number;
  message: string;
  data: T;
  errors?: Record<string, string>;
};
