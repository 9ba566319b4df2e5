import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/index.js';

/** A LIKE pattern for "contains": the user's %, _ and \ match only themselves. */
export const likePattern = (s: string) => `%${s.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** A person's first or last name, or both together ("Lily Chen"), contains the text. */
export function nameMatches(text: string): SQL {
  const like = likePattern(text);
  return or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))!;
}
