import { describe, expect, it } from 'vitest';
import { offsetOf, toListResult, totalOf } from './paging.js';
import { listQuery } from '../../shared/contracts/common.js';
import { MAX_PAGE_SIZE } from '../../shared/constants.js';

describe('offsetOf', () => {
  it('starts page 1 at row 0 and moves a whole page per page', () => {
    expect(offsetOf({ page: 1, limit: 6 })).toBe(0);
    expect(offsetOf({ page: 2, limit: 6 })).toBe(6);
    expect(offsetOf({ page: 5, limit: 10 })).toBe(40);
  });
});

describe('toListResult', () => {
  it('answers results, page, limit and totalCount', () => {
    expect(toListResult(['a', 'b'], 12, { page: 2, limit: 2 })).toEqual({ results: ['a', 'b'], page: 2, limit: 2, totalCount: 12 });
  });

  it('puts the list’s own counts beside the rows', () => {
    expect(toListResult([], 0, { page: 1, limit: 6 }, { activeCount: 3, inactiveCount: 1 })).toEqual({
      results: [], page: 1, limit: 6, totalCount: 0, activeCount: 3, inactiveCount: 1,
    });
  });
});

describe('listQuery (the paging input of every list)', () => {
  const q = listQuery(['createdAt', 'first_name'], 6);

  it('defaults to page 1, the list’s limit, the first sort column and descending', () => {
    expect(q.parse({})).toEqual({ page: 1, limit: 6, sortBy: 'createdAt', orderBy: -1 });
  });

  it('reads query-string values', () => {
    expect(q.parse({ page: '3', limit: '10', sortBy: 'first_name', orderBy: '1', search: '  ann ' }))
      .toEqual({ page: 3, limit: 10, sortBy: 'first_name', orderBy: 1, search: 'ann' });
  });

  it('refuses page 0, a limit above the maximum, an unknown sort column and another order', () => {
    expect(q.safeParse({ page: 0 }).success).toBe(false);
    expect(q.safeParse({ limit: MAX_PAGE_SIZE + 1 }).success).toBe(false);
    expect(q.safeParse({ limit: MAX_PAGE_SIZE }).success).toBe(true);
    expect(q.safeParse({ sortBy: 'password_hash' }).success).toBe(false);
    expect(q.safeParse({ orderBy: 0 }).success).toBe(false);
  });
});

describe('totalOf', () => {
  const never = async () => {
    throw new Error('no count query for a page with rows');
  };

  it('reads the total off the page rows, without a second query', async () => {
    expect(await totalOf([{ total: 14 }, { total: 14 }], { page: 2, limit: 6 }, never)).toBe(14);
  });

  it('counts on its own only for a page past the end', async () => {
    expect(await totalOf([], { page: 9, limit: 6 }, async () => 14)).toBe(14);
    expect(await totalOf([], { page: 1, limit: 6 }, never)).toBe(0);
  });
});
