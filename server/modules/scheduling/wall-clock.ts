import { DateTime } from 'luxon';

/**
 * The school's wall clock and real instants. Lessons are stored as UTC instants; forms, rules
 * and the calendar speak the school's IANA zone, so a 4 pm lesson is 4 pm there whatever the
 * offset of the day (and whatever zone the browser is in).
 */

/** 'YYYY-MM-DD' + 'HH:mm' in `zone` → the instant. A time skipped by a spring-forward change moves forward. */
export function toInstant(date: string, time: string, zone: string): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone }).toJSDate();
}

export function fromLocal(local: string, zone: string): Date {
  return DateTime.fromISO(local, { zone }).toJSDate();
}

/** The instant as the school's wall clock. */
export function wallClockOf(instant: Date, zone: string): { date: string; time: string; local: string } {
  const dt = DateTime.fromJSDate(instant, { zone });
  const date = dt.toFormat('yyyy-LL-dd');
  const time = dt.toFormat('HH:mm');
  return { date, time, local: `${date}T${time}` };
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-03-09T16:00:00-04:00. */
export function isoInZone(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true })!;
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}

/** Midnight at the start of a school-local day, as an instant. */
export function startOfLocalDay(date: string, zone: string): Date {
  return DateTime.fromISO(date, { zone }).startOf('day').toJSDate();
}

export function isValidZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

/** A readable wall-clock time for messages: "Tue 3 Mar 2026, 4:00 PM". */
export function describeInstant(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat('ccc d LLL yyyy, h:mm a');
}
