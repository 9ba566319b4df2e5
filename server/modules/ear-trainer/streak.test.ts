import { describe, expect, it } from 'vitest';
import { streakOf, weekStartIn } from './streak.js';

describe('the ear-training streak', () => {
  it('counts the days in a row ending today', () => {
    expect(streakOf(['2026-03-05', '2026-03-04', '2026-03-03', '2026-03-01'], '2026-03-05')).toEqual({ days: 3, practisedToday: true });
  });

  it('keeps yesterday’s streak alive while today has no practice yet', () => {
    expect(streakOf(['2026-03-04', '2026-03-03'], '2026-03-05')).toEqual({ days: 2, practisedToday: false });
  });

  it('is zero after a day without practice', () => {
    expect(streakOf(['2026-03-03'], '2026-03-05')).toEqual({ days: 0, practisedToday: false });
    expect(streakOf([], '2026-03-05')).toEqual({ days: 0, practisedToday: false });
  });
});

describe('the week of a goal', () => {
  it('begins on Monday at midnight on the school’s clock, not in UTC', () => {
    // Monday 2 March 2026, 01:00 UTC is still Sunday evening in Los Angeles.
    const at = new Date('2026-03-02T01:00:00Z');
    expect(weekStartIn('America/Los_Angeles', at).day).toBe('2026-02-23');
    expect(weekStartIn('UTC', at).day).toBe('2026-03-02');
    expect(weekStartIn('America/Los_Angeles', at).instant.toISOString()).toBe('2026-02-23T08:00:00.000Z');
  });
});
