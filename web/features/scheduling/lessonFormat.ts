import { DateTime } from 'luxon';

/**
 * Times come from the server with the school's offset ('2026-03-09T16:00:00-04:00'); keeping
 * that offset (setZone) shows the school's wall clock whatever the browser's zone.
 */
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true });

export function formatLessonWhen(start: string, end: string): string {
  const from = at(start);
  const to = at(end);
  return `${from.toFormat('ccc, LLL d, yyyy')}, ${from.toFormat('h:mm a')} – ${to.toFormat('h:mm a')}`;
}

/** A day ('2026-12-10') or a moment (ISO), as the day it is in the school. */
export function formatDay(value: string): string {
  const parsed = value.length === 10 ? DateTime.fromISO(value, { zone: 'utc' }) : at(value);
  return parsed.isValid ? parsed.toFormat('LLL d, yyyy') : value;
}
