import { DateTime } from 'luxon';
import type { ScheduleEvent, SchoolHours } from '../../../shared/contracts/scheduling';

/** '08:30' → 510. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The hour before opening and after closing stay in view: the day's edges are not cut short. */
const MARGIN_MINUTES = 60;
const DAY_MINUTES = 24 * 60;

const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

export type VisibleHours = { slotMinTime: string; slotMaxTime: string; scrollTime: string };

/**
 * The hours the week and the day grids show: the school's, an hour either side, widened to whole
 * hours around any lesson of the window that falls outside them, so no lesson is hidden. Times
 * carry the school's offset, so their wall clock is read as written.
 */
export function visibleHours(events: readonly Pick<ScheduleEvent, 'start' | 'end'>[], hours: SchoolHours): VisibleHours {
  let from = Math.max(0, minutesOfDay(hours.dayStartsAt) - MARGIN_MINUTES);
  let to = Math.min(DAY_MINUTES, minutesOfDay(hours.dayEndsAt) + MARGIN_MINUTES);
  for (const e of events) {
    const start = DateTime.fromISO(e.start, { setZone: true });
    const end = DateTime.fromISO(e.end, { setZone: true });
    from = Math.min(from, start.hour * 60);
    // A lesson that runs past midnight needs the whole evening.
    const endClock = end.hasSame(start, 'day') ? end.hour * 60 + end.minute : DAY_MINUTES;
    to = Math.max(to, Math.ceil(endClock / 60) * 60);
  }
  from = Math.floor(from / 60) * 60;
  to = Math.min(DAY_MINUTES, Math.ceil(to / 60) * 60);
  return { slotMinTime: clockOf(from), slotMaxTime: clockOf(to), scrollTime: clockOf(minutesOfDay(hours.dayStartsAt)) };
}
