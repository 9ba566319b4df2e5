import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { historyWindow } from './historyApi';

const today = DateTime.fromISO('2026-11-26T15:00:00');

describe('the lesson history’s windows', () => {
  it('starts with the last three years, to tomorrow (a school ahead of the reader)', () => {
    expect(historyWindow(0, today)).toEqual({ from: '2023-11-27', to: '2026-11-27', back: 0, hasEarlier: true });
  });

  it('pages back three years at a time, within the three years the report reads at once', () => {
    const earlier = historyWindow(1, today);
    expect(earlier).toMatchObject({ from: '2020-11-27', to: '2023-11-27' });
    expect(Date.parse(earlier.to) - Date.parse(earlier.from)).toBeLessThanOrEqual(3 * 366 * 86_400_000);
  });

  it('stops where the report stops reaching back (20 years)', () => {
    expect(historyWindow(4, today)).toMatchObject({ from: '2011-11-27', hasEarlier: true });
    expect(historyWindow(5, today)).toMatchObject({ from: '2008-11-27', to: '2011-11-27', hasEarlier: false });
  });
});
