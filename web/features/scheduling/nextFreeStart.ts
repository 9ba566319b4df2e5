import { DateTime } from 'luxon';
import type { ScheduleEvent, SchoolHours } from '../../../shared/contracts/scheduling';
import type { LessonStart } from './LessonForm';
import { minutesOfDay } from './schoolHours';
import { atLocal, inZone } from '../../../shared/school-clock';

/** How many days ahead the search goes before it settles for the first hour it tried. */
const DAYS_AHEAD = 14;

/**
 * Where "Add Lesson" and a make-up start: the first moment within the school's hours (its
 * opening time, then each full hour), on the day shown (or from the next full hour, when that
 * day is today or past), that no lesson on the calendar takes and that leaves the lesson's whole
 * length before closing; the school's default length.
 */
export function nextFreeStart(events: readonly ScheduleEvent[], zone: string, shownDay: string | null, minutes: number, hours: SchoolHours, now: DateTime = DateTime.now()): LessonStart {
  const opens = minutesOfDay(hours.dayStartsAt);
  const closes = minutesOfDay(hours.dayEndsAt);
  const current = inZone(now.toJSDate(), zone);
  // The opening time on the day's wall clock: midnight plus so many minutes is an hour off on a day the clocks change (decision 072).
  const opening = (d: DateTime) => d.startOf('day').set({ hour: Math.floor(opens / 60), minute: opens % 60 });
  const clock = (d: DateTime) => d.hour * 60 + d.minute;
  const shown = shownDay ? atLocal(shownDay, zone) : null;
  let at = shown && shown.startOf('day') > current.startOf('day') ? opening(shown) : current.plus({ hours: 1 }).startOf('hour');
  if (clock(at) < opens) at = opening(at);
  const busy = events
    .filter((e) => !e.assignedId.cancelLesson)
    .map((e) => [DateTime.fromISO(e.start).toMillis(), DateTime.fromISO(e.end).toMillis()] as const);
  const limit = at.plus({ days: DAYS_AHEAD });
  // Every hour taken: the first one that fits the school day, for the user to change.
  let first: DateTime | null = null;
  while (at < limit) {
    if (clock(at) + minutes > closes) {
      at = opening(at.plus({ days: 1 }));
      continue;
    }
    first ??= at;
    const from = at.toMillis();
    const to = at.plus({ minutes }).toMillis();
    if (!busy.some(([s, e]) => s < to && e > from)) return startOf(at, minutes);
    at = at.plus({ hours: 1 }).startOf('hour');
  }
  return startOf(first ?? at, minutes);
}

function startOf(at: DateTime, minutes: number): LessonStart {
  return { date: at.toISODate()!, startTime: at.toFormat('HH:mm'), durationMinutes: minutes };
}
