import { DateTime } from 'luxon';
import rrulePackage from 'rrule';
import type { Repeat } from '../../../../shared/contracts/scheduling.js';
import { fromLocal, wallClockOf } from '../../../../shared/school-clock.js';

const { rrulestr } = rrulePackage;

/**
 * RFC 5545 recurrence over the school's wall clock. rrule works on "floating" times: we hand it
 * the local start dressed as UTC, take the local dates it gives back the same way, and only then
 * turn each into a real instant in the school's zone. That is what keeps a weekly 4 pm lesson at
 * 4 pm across daylight-saving changes (a rule over UTC instants would move it by an hour).
 */

export type RuleInput = {
  repeat: Repeat;
  ends: 'never' | 'until' | 'count';
  untilDate: string | null;
  count: number | null;
  /** The first lesson's local date 'YYYY-MM-DD'. */
  date: string;
};

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** The RRULE body for the form's choice, or null when the lesson does not repeat. */
export function buildRule(input: RuleInput): string | null {
  if (input.repeat === 'none') return null;
  const first = DateTime.fromISO(input.date, { zone: 'utc' });
  const weekday = WEEKDAYS[first.weekday - 1]!;
  const parts: string[] = [];
  if (input.repeat === 'weekly') parts.push('FREQ=WEEKLY', `BYDAY=${weekday}`);
  if (input.repeat === 'biweekly') parts.push('FREQ=WEEKLY', 'INTERVAL=2', `BYDAY=${weekday}`);
  if (input.repeat === 'monthly') {
    // The same weekday of the month ("2nd Tuesday"); a 5th weekday means "the last".
    const nth = Math.ceil(first.day / 7);
    parts.push('FREQ=MONTHLY', `BYDAY=${nth === 5 ? -1 : nth}${weekday}`);
  }
  if (input.ends === 'until' && input.untilDate) parts.push(`UNTIL=${input.untilDate.replaceAll('-', '')}T235959Z`);
  if (input.ends === 'count' && input.count) parts.push(`COUNT=${input.count}`);
  return parts.join(';');
}

const floating = (local: string) => new Date(`${local}:00Z`);
const localOfFloating = (d: Date) => d.toISOString().slice(0, 16);

function ruleFor(rule: string, startsLocal: string) {
  const dtstart = startsLocal.replaceAll('-', '').replace(':', '') + '00Z';
  return rrulestr(`DTSTART:${dtstart}\nRRULE:${rule}`);
}

export type Occurrence = { local: string; startsAt: Date };

/**
 * The occurrences whose start lies in [from, to), as local wall-clock strings and instants.
 * `from`/`to` are instants; the local window is widened by a day each side and filtered after,
 * so no zone offset can drop an occurrence at the edge.
 */
export function expandRule(rule: string, startsLocal: string, zone: string, from: Date, to: Date): Occurrence[] {
  const widenedFrom = new Date(from.getTime() - 86_400_000 * 2);
  const widenedTo = new Date(to.getTime() + 86_400_000 * 2);
  const fromFloating = floating(wallClockOf(widenedFrom, zone).local);
  const toFloating = floating(wallClockOf(widenedTo, zone).local);
  return ruleFor(rule, startsLocal)
    .between(fromFloating, toFloating, true)
    .map((d) => {
      const local = localOfFloating(d);
      return { local, startsAt: fromLocal(local, zone) };
    })
    .filter((o) => o.startsAt >= from && o.startsAt < to);
}

/** Whether the rule gives any occurrence at all (an UNTIL before the start gives none). */
export function ruleHasOccurrences(rule: string, startsLocal: string): boolean {
  return ruleFor(rule, startsLocal).after(floating(startsLocal), true) !== null;
}

/** Whether the rule has an occurrence at or after this instant (a finished series needs no more rows). */
export function ruleContinuesAfter(rule: string, startsLocal: string, zone: string, instant: Date): boolean {
  const local = wallClockOf(instant, zone).local;
  return ruleFor(rule, startsLocal).after(floating(local), true) !== null;
}

/** The same rule, ended before `local` (for "this and following"): UNTIL one minute earlier, floating. */
export function endRuleBefore(rule: string, local: string): string {
  const until = DateTime.fromISO(local, { zone: 'utc' }).minus({ minutes: 1 }).toFormat("yyyyLLdd'T'HHmmss'Z'");
  const kept = rule.split(';').filter((p) => !p.startsWith('UNTIL=') && !p.startsWith('COUNT='));
  return [...kept, `UNTIL=${until}`].join(';');
}

/** How many occurrences the rule gives before `local` (to carry a COUNT over to the new series). */
export function countBefore(rule: string, startsLocal: string, local: string): number {
  return ruleFor(rule, startsLocal).between(floating(startsLocal), floating(local), true).filter((d) => localOfFloating(d) < local).length;
}

/** The rule restarted at `local` with what remains of a COUNT. */
export function continueRule(rule: string, startsLocal: string, local: string): string {
  const count = rule.split(';').find((p) => p.startsWith('COUNT='));
  if (!count) return rule;
  const left = Number(count.slice(6)) - countBefore(rule, startsLocal, local);
  return rule.replace(count, `COUNT=${Math.max(left, 1)}`);
}

/** The rule's weekday follows a moved lesson ("this and following" to another day). */
export function withWeekdayOf(rule: string, date: string): string {
  const weekday = WEEKDAYS[DateTime.fromISO(date, { zone: 'utc' }).weekday - 1]!;
  return rule.replace(/BYDAY=(-?\d)?[A-Z]{2}/, (_m, nth: string | undefined) => {
    if (nth === undefined) return `BYDAY=${weekday}`;
    const day = DateTime.fromISO(date, { zone: 'utc' }).day;
    const n = Math.ceil(day / 7);
    return `BYDAY=${n === 5 ? -1 : n}${weekday}`;
  });
}

/** "every week on Tuesday until June 30, 2027" — for the lesson drawer. */
export function describeRule(rule: string, startsLocal: string): string {
  return ruleFor(rule, startsLocal).toText();
}

