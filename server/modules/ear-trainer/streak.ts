import { DateTime } from 'luxon';
import { inZone } from '../../../shared/school-clock.js';

/**
 * Days in a row with practice, on the school's clock: counted back from today, or from
 * yesterday when today has no practice yet (the streak is still alive until the day ends).
 * `days` are the distinct 'YYYY-MM-DD' days with an answered question, in any order.
 */
export function streakOf(days: string[], today: string): { days: number; practisedToday: boolean } {
  const set = new Set(days);
  const practisedToday = set.has(today);
  let day = DateTime.fromISO(today);
  if (!practisedToday) day = day.minus({ days: 1 });
  let count = 0;
  while (set.has(day.toISODate()!)) {
    count += 1;
    day = day.minus({ days: 1 });
  }
  return { days: count, practisedToday };
}

/** The Monday that begins this instant's week in the zone ('YYYY-MM-DD') and that moment. */
export function weekStartIn(zone: string, at: Date): { day: string; instant: Date } {
  const start = inZone(at, zone).startOf('week');
  return { day: start.toISODate()!, instant: start.toJSDate() };
}
