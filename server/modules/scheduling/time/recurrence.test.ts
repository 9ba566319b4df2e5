import { describe, expect, it } from 'vitest';
import { buildRule, continueRule, describeRule, endRuleBefore, expandRule, ruleHasOccurrences, withWeekdayOf } from './recurrence.js';
import { isoInZone, toInstant, wallClockOf } from '../../../../shared/school-clock.js';

const NY = 'America/New_York';
const weekly = (date: string) => buildRule({ repeat: 'weekly', ends: 'never', untilDate: null, count: null, date })!;

describe('recurrence over the school wall clock', () => {
  it('keeps a weekly 4 pm lesson at 4 pm in New York across the March and November changes', () => {
    const rule = weekly('2026-02-24');
    const all = expandRule(rule, '2026-02-24T16:00', NY, new Date('2026-02-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'));
    expect(all.length).toBeGreaterThan(40);
    for (const o of all) expect(wallClockOf(o.startsAt, NY).time).toBe('16:00');
    const iso = (d: string) => all.find((o) => o.local.startsWith(d))!.startsAt.toISOString();
    // EST (UTC-5) before 8 March, EDT (UTC-4) after; back to EST after 1 November.
    expect(iso('2026-03-03')).toBe('2026-03-03T21:00:00.000Z');
    expect(iso('2026-03-10')).toBe('2026-03-10T20:00:00.000Z');
    expect(iso('2026-10-27')).toBe('2026-10-27T20:00:00.000Z');
    expect(iso('2026-11-03')).toBe('2026-11-03T21:00:00.000Z');
    expect(isoInZone(new Date(iso('2026-03-10')), NY)).toBe('2026-03-10T16:00:00-04:00');
  });

  it('moves a lesson in the skipped hour of a spring-forward night forward, and keeps the others', () => {
    const rule = weekly('2026-03-01');
    const [before, during] = expandRule(rule, '2026-03-01T02:30', NY, new Date('2026-02-28T00:00:00Z'), new Date('2026-03-10T00:00:00Z'));
    expect(wallClockOf(before!.startsAt, NY).time).toBe('02:30');
    expect(wallClockOf(during!.startsAt, NY).time).toBe('03:30');
  });

  it('builds every other week, monthly by weekday (and the last weekday), until and count', () => {
    expect(buildRule({ repeat: 'biweekly', ends: 'count', untilDate: null, count: 6, date: '2026-11-30' })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=6');
    expect(buildRule({ repeat: 'monthly', ends: 'until', untilDate: '2027-06-30', count: null, date: '2026-12-08' })).toBe('FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270630T235959Z');
    expect(buildRule({ repeat: 'monthly', ends: 'never', untilDate: null, count: null, date: '2026-12-29' })).toBe('FREQ=MONTHLY;BYDAY=-1TU');
    expect(buildRule({ repeat: 'none', ends: 'never', untilDate: null, count: null, date: '2026-12-29' })).toBeNull();

    const every2 = expandRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=3', '2026-11-30T09:00', NY, new Date('2026-01-01Z'), new Date('2028-01-01Z'));
    expect(every2.map((o) => o.local)).toEqual(['2026-11-30T09:00', '2026-12-14T09:00', '2026-12-28T09:00']);
    const monthly = expandRule('FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270330T235959Z', '2026-12-08T17:30', NY, new Date('2026-01-01Z'), new Date('2028-01-01Z'));
    expect(monthly.map((o) => o.local)).toEqual(['2026-12-08T17:30', '2027-01-12T17:30', '2027-02-09T17:30', '2027-03-09T17:30']);
    const until = expandRule(buildRule({ repeat: 'weekly', ends: 'until', untilDate: '2026-12-14', count: null, date: '2026-11-30' })!, '2026-11-30T23:30', NY, new Date('2026-01-01Z'), new Date('2028-01-01Z'));
    // The last day is included whatever the hour (23:30 local is the next day in UTC).
    expect(until.map((o) => o.local)).toEqual(['2026-11-30T23:30', '2026-12-07T23:30', '2026-12-14T23:30']);
  });

  it('answers only the window asked for, by instant, at the edges of the day', () => {
    const rule = weekly('2026-11-30');
    const from = toInstant('2026-12-07', '00:00', NY);
    const to = toInstant('2026-12-14', '00:00', NY);
    expect(expandRule(rule, '2026-11-30T00:00', NY, from, to).map((o) => o.local)).toEqual(['2026-12-07T00:00']);
    expect(expandRule(rule, '2026-11-30T23:59', NY, from, to).map((o) => o.local)).toEqual(['2026-12-07T23:59']);
  });

  it('splits a series for "this and following", carrying a count and a new weekday', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=MO;COUNT=10';
    const ended = endRuleBefore(rule, '2026-12-21T16:00');
    expect(expandRule(ended, '2026-11-30T16:00', NY, new Date('2026-01-01Z'), new Date('2028-01-01Z')).map((o) => o.local))
      .toEqual(['2026-11-30T16:00', '2026-12-07T16:00', '2026-12-14T16:00']);
    const rest = continueRule(rule, '2026-11-30T16:00', '2026-12-21T16:00');
    expect(rest).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=7');
    expect(withWeekdayOf(rest, '2026-12-23')).toBe('FREQ=WEEKLY;BYDAY=WE;COUNT=7');
    expect(withWeekdayOf('FREQ=MONTHLY;BYDAY=2TU', '2026-12-31')).toBe('FREQ=MONTHLY;BYDAY=-1TH');
  });

  it('knows a rule that gives nothing, and describes a rule in words', () => {
    expect(ruleHasOccurrences('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261101T235959Z', '2026-11-30T16:00')).toBe(false);
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO', '2026-11-30T16:00')).toBe('every week on Monday');
  });
});
