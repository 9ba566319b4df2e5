import { sql } from 'drizzle-orm';
import type { ListResult } from '../../shared/contracts/common.js';

export type PageQuery = { page: number; limit: number };

export function offsetOf(q: PageQuery): number {
  return (q.page - 1) * q.limit;
}

/** The list shape of every paged answer, with the list's own counts beside the rows. */
export function toListResult<T, C extends Record<string, number>>(
  results: T[],
  totalCount: number,
  q: PageQuery,
  counts?: C,
): ListResult<T, C> {
  return { results, page: q.page, limit: q.limit, totalCount, ...(counts as C) };
}

/** Select it beside a page's columns: every row then carries the count of all matching rows. */
export const totalRows = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page selected with `totalRows`, in the same round trip as the rows; only a page
 * past the end (no rows to carry it) costs a count of its own.
 */
export async function totalOf(rows: { total: number }[], q: PageQuery, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return q.page > 1 ? count() : 0;
}
