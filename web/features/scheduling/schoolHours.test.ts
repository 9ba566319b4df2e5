import { describe, expect, it } from 'vitest';
import { minutesOfDay, visibleHours } from './schoolHours';

const HOURS = { dayStartsAt: '08:00', dayEndsAt: '21:00' };
const lesson = (start: string, end: string) => ({ start: `2027-03-08T${start}:00-05:00`, end: `2027-03-08T${end}:00-05:00` });

describe('the hours the calendar shows', () => {
  it('reads HH:mm as minutes of the day', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:59')).toBe(1439);
  });

  it("shows the school's hours with an hour either side, and opens at the opening time", () => {
    expect(visibleHours([], HOURS)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '22:00:00', scrollTime: '08:00:00' });
    expect(visibleHours([], { dayStartsAt: '09:30', dayEndsAt: '17:15' })).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '19:00:00', scrollTime: '09:30:00' });
    expect(visibleHours([], { dayStartsAt: '00:30', dayEndsAt: '23:30' })).toEqual({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00', scrollTime: '00:30:00' });
  });

  it('widens to whole hours around a lesson outside them, so it still shows', () => {
    expect(visibleHours([lesson('10:00', '10:30')], HOURS)).toMatchObject({ slotMinTime: '07:00:00', slotMaxTime: '22:00:00' });
    expect(visibleHours([lesson('05:45', '06:15'), lesson('22:10', '22:40')], HOURS)).toMatchObject({ slotMinTime: '05:00:00', slotMaxTime: '23:00:00' });
    // Past midnight: the whole evening.
    expect(visibleHours([{ start: '2027-03-08T23:30:00-05:00', end: '2027-03-09T00:15:00-05:00' }], HOURS)).toMatchObject({ slotMaxTime: '24:00:00' });
  });
});
