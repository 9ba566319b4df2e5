import { DateTime } from 'luxon';
import type { ScheduleEvent } from '../../../shared/contracts/scheduling';
import type { LessonStart } from './LessonForm';

/** The school day a new lesson is placed in when nothing is chosen: 8 am to 9 pm of the school's clock. */
export const SCHOOL_HOURS = { from: 8, to: 21 } as const;
/** How many days ahead the search goes before it settles for the first hour it tried. */
const DAYS_AHEAD = 14;

/**
 * Where "Add Lesson" starts: the next full hour within school hours, on the day shown (or from
 * now, when that day is today or past), that no lesson on the calendar takes, with the school's
 * default length.
 */
export function nextFreeStart(events: readonly ScheduleEvent[], zone: string, shownDay: string | null, minutes: number, now: DateTime = DateTime.now()): LessonStart {
  const z = zone === 'local' ? undefined : zone;
  const current = now.setZone(z);
  const dayStart = (d: DateTime) => d.startOf('day').set({ hour: SCHOOL_HOURS.from });
  const shown = shownDay ? DateTime.fromISO(shownDay, { zone: z }) : null;
  let at = shown && shown.startOf('day') > current.startOf('day') ? dayStart(shown) : current.plus({ hours: 1 }).startOf('hour');
  if (at.hour < SCHOOL_HOURS.from) at = dayStart(at);
  const busy = events
    .filter((e) => !e.assignedId.cancelLesson)
    .map((e) => [DateTime.fromISO(e.start).toMillis(), DateTime.fromISO(e.end).toMillis()] as const);
  const first = at;
  const limit = at.plus({ days: DAYS_AHEAD });
  while (at < limit) {
    if (at.hour + minutes / 60 > SCHOOL_HOURS.to) {
      at = dayStart(at.plus({ days: 1 }));
      continue;
    }
    const from = at.toMillis();
    const to = at.plus({ minutes }).toMillis();
    if (!busy.some(([s, e]) => s < to && e > from)) return startOf(at, minutes);
    at = at.plus({ hours: 1 });
  }
  return startOf(first, minutes);
}

function startOf(at: DateTime, minutes: number): LessonStart {
  return { date: at.toISODate()!, startTime: at.toFormat('HH:mm'), durationMinutes: minutes };
}
