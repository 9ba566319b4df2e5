import { describe, expect, it } from 'vitest';
import { monthsOf } from './months.js';

describe('monthsOf', () => {
  it('lists every month of a range, across a new year', () => {
    expect(monthsOf('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });
  it('gives one month for a range inside it', () => {
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });
});
