import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { nextFreeStart } from './nextFreeStart';
import { scheduleEvent } from './lessonFixtures';

const ZONE = 'America/New_York';
const HOURS = { dayStartsAt: '08:00', dayEndsAt: '21:00' };
const now = DateTime.fromISO('2027-03-08T13:20:00', { zone: ZONE });
const at = (time: string) => DateTime.fromISO(`2027-03-08T${time}:00`, { zone: ZONE });
const lesson = (start: string, end: string, cancelled = false) => scheduleEvent({ start, end }, { cancelLesson: cancelled });

describe('where Add Lesson starts', () => {
  it('takes the next full hour from now with the default length', () => {
    expect(nextFreeStart([], ZONE, '2027-03-08', 45, HOURS, now)).toEqual({ date: '2027-03-08', startTime: '14:00', durationMinutes: 45 });
  });

  it('skips hours a lesson takes (not a cancelled one)', () => {
    const events = [lesson('2027-03-08T14:00:00-05:00', '2027-03-08T14:30:00-05:00'), lesson('2027-03-08T15:30:00-05:00', '2027-03-08T16:00:00-05:00'), lesson('2027-03-08T16:00:00-05:00', '2027-03-08T16:30:00-05:00', true)];
    expect(nextFreeStart(events, ZONE, '2027-03-08', 60, HOURS, now).startTime).toBe('16:00');
  });

  it('stays in school hours: after closing it is the next morning, before opening the opening time', () => {
    expect(nextFreeStart([], ZONE, null, 30, HOURS, at('20:50'))).toEqual({ date: '2027-03-09', startTime: '08:00', durationMinutes: 30 });
    expect(nextFreeStart([], ZONE, null, 30, HOURS, at('05:10')).startTime).toBe('08:00');
  });

  it('on a later day shown, starts at its opening time', () => {
    expect(nextFreeStart([], ZONE, '2027-03-12', 30, HOURS, now)).toEqual({ date: '2027-03-12', startTime: '08:00', durationMinutes: 30 });
  });

  it('opens at its opening time on the days the clocks change, a 23- and a 25-hour day', () => {
    expect(nextFreeStart([], ZONE, '2027-03-14', 30, HOURS, now)).toEqual({ date: '2027-03-14', startTime: '08:00', durationMinutes: 30 });
    expect(nextFreeStart([], ZONE, '2027-11-07', 30, HOURS, now)).toEqual({ date: '2027-11-07', startTime: '08:00', durationMinutes: 30 });
    const fallBackNight = DateTime.fromISO('2027-11-07T01:30:00-04:00', { zone: ZONE });
    expect(nextFreeStart([], ZONE, null, 30, { dayStartsAt: '23:00', dayEndsAt: '23:59' }, fallBackNight)).toEqual({ date: '2027-11-07', startTime: '23:00', durationMinutes: 30 });
  });

  it("follows the school's own hours: half-past openings, then each full hour; the lesson ends by closing", () => {
    const hours = { dayStartsAt: '09:30', dayEndsAt: '17:00' };
    expect(nextFreeStart([], ZONE, '2027-03-12', 30, hours, now).startTime).toBe('09:30');
    const first = [lesson('2027-03-12T09:30:00-05:00', '2027-03-12T10:00:00-05:00')];
    expect(nextFreeStart(first, ZONE, '2027-03-12', 30, hours, now).startTime).toBe('10:00');
    // 4 pm + 60 minutes ends at closing: it fits; a 90-minute lesson does not, so the next day's opening.
    expect(nextFreeStart([], ZONE, null, 60, hours, at('15:10'))).toEqual({ date: '2027-03-08', startTime: '16:00', durationMinutes: 60 });
    expect(nextFreeStart([], ZONE, null, 90, hours, at('15:10'))).toEqual({ date: '2027-03-09', startTime: '09:30', durationMinutes: 90 });
    // An evening school opens after the day's lessons.
    expect(nextFreeStart([], ZONE, null, 30, { dayStartsAt: '18:00', dayEndsAt: '23:30' }, now)).toEqual({ date: '2027-03-08', startTime: '18:00', durationMinutes: 30 });
  });

  it('settles for the first hour that fits when every one is taken', () => {
    const busy = lesson('2027-03-08T00:00:00-05:00', '2027-03-30T00:00:00-04:00');
    expect(nextFreeStart([busy], ZONE, null, 30, HOURS, now)).toEqual({ date: '2027-03-08', startTime: '14:00', durationMinutes: 30 });
  });
});
