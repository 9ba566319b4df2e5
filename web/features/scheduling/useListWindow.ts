import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import type { CalendarRange } from './calendarApi';
import { atLocal, todayIn } from '../../../shared/school-clock';

export type ListUnit = 'week' | 'month';

/** Sunday, as FullCalendar's weeks start in en-US. */
const startOfWeek = (d: DateTime) => d.minus({ days: d.weekday % 7 }).startOf('day');

/** The window of a list on a phone: the week (Sunday to Saturday) or the month around `anchor`, in `zone`. */
export function listWindow(anchor: string, unit: ListUnit, zone: string) {
  const at = atLocal(anchor, zone);
  const first = unit === 'week' ? startOfWeek(at) : at.startOf('month');
  const end = unit === 'week' ? first.plus({ weeks: 1 }) : first.plus({ months: 1 });
  const days: string[] = [];
  for (let d = first; d < end; d = d.plus({ days: 1 })) days.push(d.toISODate()!);
  const last = end.minus({ days: 1 });
  const title = unit === 'month'
    ? first.toFormat('LLLL yyyy')
    : first.month === last.month
      ? `${first.toFormat('LLL d')} – ${last.toFormat('d, yyyy')}`
      : `${first.toFormat('LLL d')} – ${last.toFormat(first.year === last.year ? 'LLL d, yyyy' : 'LLL d, yyyy')}`;
  const range: CalendarRange = { start: first.toISO({ suppressMilliseconds: true })!, end: end.toISO({ suppressMilliseconds: true })! };
  return { range, days, title, first: first.toISODate()! };
}

/** A phone's list of lessons: its window, and previous, today and next. */
export function useListWindow(unit: ListUnit, zone: string, initialDate: string | undefined) {
  const [anchor, setAnchor] = useState<string | null>(initialDate ?? null);
  const shown = anchor ?? todayIn(zone);
  const win = useMemo(() => listWindow(shown, unit, zone), [shown, unit, zone]);
  const step = (n: number) => setAnchor(DateTime.fromISO(win.first).plus(unit === 'week' ? { weeks: n } : { months: n }).toISODate());
  return { ...win, date: shown, prev: () => step(-1), next: () => step(1), today: () => setAnchor(todayIn(zone)) };
}
