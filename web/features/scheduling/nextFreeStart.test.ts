import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { nextFreeStart } from './nextFreeStart';
import { scheduleEvent } from './lessonFixtures';

const ZONE = 'America/New_York';
const now = DateTime.fromISO('2027-03-08T13:20:00', { zone: ZONE });
const lesson = (start: string, end: string, cancelled = false) => scheduleEvent({ start, end }, { cancelLesson: cancelled });

describe('where Add Lesson starts', () => {
  it('takes the next full hour from now with the default length', () => {
    expect(nextFreeStart([], ZONE, '2027-03-08', 45, now)).toEqual({ date: '2027-03-08', startTime: '14:00', durationMinutes: 45 });
  });

  it('skips hours a lesson takes (not a cancelled one)', () => {
    const events = [lesson('2027-03-08T14:00:00-05:00', '2027-03-08T14:30:00-05:00'), lesson('2027-03-08T15:30:00-05:00', '2027-03-08T16:00:00-05:00'), lesson('2027-03-08T16:00:00-05:00', '2027-03-08T16:30:00-05:00', true)];
    expect(nextFreeStart(events, ZONE, '2027-03-08', 60, now).startTime).toBe('16:00');
  });

  it('stays in school hours: after 9 pm it is the next morning', () => {
    expect(nextFreeStart([], ZONE, null, 30, DateTime.fromISO('2027-03-08T20:50:00', { zone: ZONE }))).toEqual({ date: '2027-03-09', startTime: '08:00', durationMinutes: 30 });
    expect(nextFreeStart([], ZONE, null, 30, DateTime.fromISO('2027-03-08T05:10:00', { zone: ZONE })).startTime).toBe('08:00');
  });

  it('on a later day shown, starts at its first school hour', () => {
    expect(nextFreeStart([], ZONE, '2027-03-12', 30, now)).toEqual({ date: '2027-03-12', startTime: '08:00', durationMinutes: 30 });
  });
});
