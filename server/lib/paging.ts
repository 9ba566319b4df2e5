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
