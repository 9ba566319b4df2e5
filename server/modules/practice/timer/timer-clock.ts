import { PRACTICE_TIMER_MAX_SECONDS } from '../../../../shared/contracts/practice.js';
import { dayBounds } from '../../../../shared/school-clock.js';

/** What the clock needs of a timer row. */
export type TimerClockRow = { status: string; practicedOn: string; runningSince: Date | null; accumulatedSeconds: number };

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * The seconds a timer has counted at `now`, by the server's clock: its closed stretches and the
 * running one. The cap (decision 037): only time before the end of the school day it was
 * started on counts, and four hours at most; a timer left running overnight records the evening.
 */
export function totalSecondsOf(row: TimerClockRow, zone: string, now: Date): number {
  let total = row.accumulatedSeconds;
  if (row.status === 'running' && row.runningSince) {
    const dayEnd = dayBounds(row.practicedOn, zone).end;
    total += secondsBetween(row.runningSince, now < dayEnd ? now : dayEnd);
  }
  return Math.min(total, PRACTICE_TIMER_MAX_SECONDS);
}

/** The most the timer can still reach: where the counter stops (the client stops ticking there too). */
export function limitSecondsOf(row: TimerClockRow, zone: string, now: Date): number {
  const dayEnd = dayBounds(row.practicedOn, zone).end;
  const from = row.status === 'running' && row.runningSince ? row.runningSince : now;
  const reachable = row.accumulatedSeconds + (row.status === 'stopped' ? 0 : secondsBetween(from, dayEnd));
  return Math.min(reachable, PRACTICE_TIMER_MAX_SECONDS);
}
