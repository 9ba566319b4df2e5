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

/**
 * A zone's offset changes only at transitions, and every transition of every zone falls on a
 * quarter hour of UTC: one lookup a quarter hour serves every instant in it. A calendar answer
 * formats a hundred times or so; this keeps luxon's 25 µs a call out of it.
 */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();

function offsetMinutes(ms: number, zone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${zone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone }).offset;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 to the second with the zone's offset at that instant, e.g. 2026-03-09T16:00:00-04:00. */
export function isoInZone(instant: Date, zone: string): string {
  const ms = instant.getTime();
  const offset = offsetMinutes(ms, zone);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
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
