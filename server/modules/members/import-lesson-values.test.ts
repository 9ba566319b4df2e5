import { describe, expect, it } from 'vitest';
import { firstOnWeekday, readDate, readMinutes, readTime, readWeekday } from './import-lesson-values.js';

// A lessons file's cells as the products write them (decision 099).
describe("reading a lessons file's cells", () => {
  it('reads weekdays by name, short name or plural, and nothing else', () => {
    expect(['Monday', 'mon', 'Tues.', 'Thurs', 'Wednesdays', 'SUN'].map(readWeekday)).toEqual([1, 1, 2, 4, 3, 7]);
    expect(['Funday', 'M', '', 'Tuesday morning'].map(readWeekday)).toEqual([null, null, null, null]);
  });

  it('reads 24-hour and 12-hour times, and leaves an unreadable one for the form to name', () => {
    expect(['16:00', '9:05', '4:00 PM', '4pm', '12:30 a.m.', '12 PM', '16:00:00'].map(readTime)).toEqual(['16:00', '09:05', '16:00', '16:00', '00:30', '12:00', '16:00']);
    expect(readTime('25:00')).toBe('25:00');
    expect(readTime('13 PM')).toBe('13 PM');
  });

  it('reads ISO and month-first dates, and minutes as a number, "30 min" or hours and minutes', () => {
    expect([readDate('2027-03-01'), readDate('3/1/2027'), readDate('12/31/2027'), readDate('1 March 2027')]).toEqual(['2027-03-01', '2027-03-01', '2027-12-31', null]);
    expect(['30', '45 min', '60 minutes', '1:30', 'half an hour'].map(readMinutes)).toEqual([30, 45, 60, 90, 'half an hour']);
  });

  it("moves a first date forward to the lesson's weekday", () => {
    expect(firstOnWeekday('2027-03-01', 1)).toBe('2027-03-01');
    expect(firstOnWeekday('2027-03-01', 2)).toBe('2027-03-02');
    expect(firstOnWeekday('2027-03-03', 1)).toBe('2027-03-08');
  });
});
