import { DateTime } from 'luxon';

/**
 * The school's clock: the one place that turns instants into the school's wall clock and back
 * (decision 055). Instants are stored in UTC; forms, rules, reports and messages speak the
 * school's IANA zone, so a 4 pm lesson is 4 pm there whatever the offset of the day, and "today"
 * is the school's today whatever zone the server or the browser is in. Dates are 'YYYY-MM-DD'.
 * Lint (eslint/school-clock.js) keeps zoned luxon values out of every other file.
 */

/** The zone a new school starts in (shared/time-zones.ts, which the light signup page reads without luxon). */
export { DEFAULT_SCHOOL_ZONE } from './time-zones.js';

/** The clock of what belongs to no school (a superadmin's rows, a school since deleted). */
export const NO_SCHOOL_ZONE = 'UTC';


/** The calendar's zone before the school's first answer names it: the browser's own. */
const LOCAL_ZONE = 'local';

const luxonZone = (zone: string) => (zone === LOCAL_ZONE ? undefined : zone);

/** The instant as a luxon DateTime on the zone's wall clock, for formatting and calendar arithmetic. */
export function inZone(instant: Date | number, zone: string): DateTime {
  const opts = { zone: luxonZone(zone) };
  return typeof instant === 'number' ? DateTime.fromMillis(instant, opts) : DateTime.fromJSDate(instant, opts);
}

/**
 * A local 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' read on the zone's wall clock. A time skipped by a
 * spring-forward change moves forward; a time a fall-back change shows twice is the second, the
 * standard-time one. luxon alone picks by the offset in force when it runs, so the same 01:30 was
 * an hour earlier when read in summer (decision 072).
 */
export function atLocal(local: string, zone: string): DateTime {
  const dt = DateTime.fromISO(local, { zone: luxonZone(zone) });
  if (!dt.isValid) return dt;
  const possible = dt.getPossibleOffsets();
  return possible.length > 1 ? possible.reduce((later, p) => (p.toMillis() > later.toMillis() ? p : later)) : dt;
}

/** The date the instant falls on in the zone. */
export function localDateOf(instant: Date, zone: string): string {
  return inZone(instant, zone).toISODate()!;
}

/** Today's date on the zone's clock (an invoice is overdue from the day after its due date there). */
export function todayIn(zone: string, now = new Date()): string {
  return localDateOf(now, zone);
}

/** The instant a local day starts in the zone (midnight, or the first moment of a day that skips it). */
export function startOfLocalDay(date: string, zone: string): Date {
  return atLocal(date, zone).startOf('day').toJSDate();
}

/** A local day as the instants [start, end): 23 or 25 hours on the days the clocks change. */
export function dayBounds(date: string, zone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(date, zone), end: startOfLocalDay(addDays(date, 1), zone) };
}

/** Calendar arithmetic on a date, the same in every zone. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** 'YYYY-MM-DD' + 'HH:mm' in `zone` → the instant. A time skipped by a spring-forward change moves forward. */
export function toInstant(date: string, time: string, zone: string): Date {
  return atLocal(`${date}T${time}`, zone).toJSDate();
}

/** 'YYYY-MM-DDTHH:mm' in `zone` → the instant. */
export function fromLocal(local: string, zone: string): Date {
  return atLocal(local, zone).toJSDate();
}

/** Noon of a local date: a moment that stays on that date in the zone and near it anywhere. */
export function noonOf(date: string, zone: string): Date {
  return toInstant(date, '12:00', zone);
}

/** The instant as the zone's wall clock. */
export function wallClockOf(instant: Date, zone: string): { date: string; time: string; local: string } {
  const dt = inZone(instant, zone);
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
    offset = inZone(quarter * QUARTER_HOUR_MS, zone).offset;
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

/** A readable wall-clock time for messages: "Tue 3 Mar 2026, 4:00 PM". */
export function describeInstant(instant: Date, zone: string): string {
  return inZone(instant, zone).toFormat('ccc d LLL yyyy, h:mm a');
}
