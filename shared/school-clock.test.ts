import { describe, expect, it } from 'vitest';
import { Settings } from 'luxon';
import { addDays, atLocal, dayBounds, DEFAULT_SCHOOL_ZONE, inZone, localDateOf, noonOf, startOfLocalDay, todayIn, toInstant, wallClockOf } from './school-clock';

const NY = 'America/New_York';
const hours = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / 3_600_000;

describe("the school's clock", () => {
  it('keeps new schools in the column default zone', () => {
    expect(DEFAULT_SCHOOL_ZONE).toBe(NY);
  });

  it('gives a 24-hour day, a 23-hour spring-forward day and a 25-hour fall-back day in New York', () => {
    expect(dayBounds('2026-03-07', NY)).toEqual({ start: new Date('2026-03-07T05:00:00Z'), end: new Date('2026-03-08T05:00:00Z') });
    expect(hours(dayBounds('2026-03-07', NY))).toBe(24);
    expect(dayBounds('2026-03-08', NY)).toEqual({ start: new Date('2026-03-08T05:00:00Z'), end: new Date('2026-03-09T04:00:00Z') });
    expect(hours(dayBounds('2026-03-08', NY))).toBe(23);
    expect(dayBounds('2026-11-01', NY)).toEqual({ start: new Date('2026-11-01T04:00:00Z'), end: new Date('2026-11-02T05:00:00Z') });
    expect(hours(dayBounds('2026-11-01', NY))).toBe(25);
  });

  it('puts the instants either side of local midnight on their own days', () => {
    expect(localDateOf(new Date('2026-03-09T03:59:59.999Z'), NY)).toBe('2026-03-08');
    expect(localDateOf(new Date('2026-03-09T04:00:00Z'), NY)).toBe('2026-03-09');
    expect(todayIn(NY, new Date('2026-01-01T04:59:59Z'))).toBe('2025-12-31');
    expect(todayIn(NY, new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(todayIn('UTC', new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01');
    expect(startOfLocalDay('2026-03-09', NY)).toEqual(new Date('2026-03-09T04:00:00Z'));
  });

  it('converts wall clock to UTC and back, moving a time the spring-forward skips', () => {
    expect(toInstant('2026-03-09', '16:00', NY)).toEqual(new Date('2026-03-09T20:00:00Z'));
    expect(toInstant('2026-03-06', '16:00', NY)).toEqual(new Date('2026-03-06T21:00:00Z'));
    expect(wallClockOf(new Date('2026-03-09T20:00:00Z'), NY)).toEqual({ date: '2026-03-09', time: '16:00', local: '2026-03-09T16:00' });
    expect(wallClockOf(toInstant('2026-03-08', '02:30', NY), NY).time).toBe('03:30');
    expect(noonOf('2026-11-01', NY)).toEqual(new Date('2026-11-01T17:00:00Z'));
    expect(inZone(new Date('2026-11-01T05:30:00Z'), NY).toFormat('HH:mm ZZ')).toBe('01:30 -04:00');
    expect(inZone(new Date('2026-11-01T06:30:00Z'), NY).toFormat('HH:mm ZZ')).toBe('01:30 -05:00');
    // 01:30 happens twice that night; a wall-clock reading takes the second, standard-time one.
    expect(atLocal('2026-11-01T01:30', NY).offset).toBe(-300);
  });

  it('reads a time the fall-back shows twice as the second, whatever the season it is read in', () => {
    const wall = Settings.now;
    try {
      for (const readAt of ['2026-07-01T12:00:00Z', '2026-12-01T12:00:00Z', '2026-11-01T05:30:00Z']) {
        Settings.now = () => Date.parse(readAt);
        expect(toInstant('2026-11-01', '01:30', NY)).toEqual(new Date('2026-11-01T06:30:00Z'));
        expect(toInstant('2026-11-01', '00:30', NY)).toEqual(new Date('2026-11-01T04:30:00Z'));
        expect(toInstant('2026-11-01', '02:30', NY)).toEqual(new Date('2026-11-01T07:30:00Z'));
      }
    } finally {
      Settings.now = wall;
    }
  });

  it('adds days to a date as a calendar does, across the clock changes', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
