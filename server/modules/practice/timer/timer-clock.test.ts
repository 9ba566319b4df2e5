import { describe, expect, it } from 'vitest';
import { PRACTICE_TIMER_MAX_SECONDS } from '../../../../shared/contracts/practice.js';
import { limitSecondsOf, totalSecondsOf } from './timer-clock.js';

const zone = 'America/New_York';
// 2027-03-10 19:00 in New York is 2027-03-11 00:00 UTC: the school's day, not UTC's, counts.
const evening = new Date('2027-03-11T00:00:00Z');
const at = (minutes: number) => new Date(evening.getTime() + minutes * 60_000);
const running = { status: 'running', practicedOn: '2027-03-10', runningSince: evening, accumulatedSeconds: 0 };

describe('the practice timer’s clock', () => {
  it('counts closed stretches and the running one by the server’s clock', () => {
    expect(totalSecondsOf(running, zone, at(25))).toBe(25 * 60);
    expect(totalSecondsOf({ ...running, accumulatedSeconds: 90 }, zone, at(1))).toBe(150);
    expect(totalSecondsOf({ ...running, status: 'paused', runningSince: null, accumulatedSeconds: 90 }, zone, at(600))).toBe(90);
  });

  it('stops counting at the end of the school day it was started on', () => {
    // Left running from 19:00: midnight in New York is five hours later, but four hours is the cap.
    expect(totalSecondsOf(running, zone, at(24 * 60))).toBe(PRACTICE_TIMER_MAX_SECONDS);
    const late = { ...running, runningSince: at(4 * 60 + 30) }; // 23:30 in New York
    expect(totalSecondsOf(late, zone, at(10 * 60))).toBe(30 * 60);
    expect(limitSecondsOf(late, zone, at(4 * 60 + 31))).toBe(30 * 60);
  });

  it('never counts more than four hours, nor time before the stretch began', () => {
    expect(totalSecondsOf({ ...running, accumulatedSeconds: PRACTICE_TIMER_MAX_SECONDS - 10 }, zone, at(5))).toBe(PRACTICE_TIMER_MAX_SECONDS);
    expect(totalSecondsOf(running, zone, at(-5))).toBe(0);
    expect(limitSecondsOf(running, zone, at(1))).toBe(PRACTICE_TIMER_MAX_SECONDS);
  });
});
