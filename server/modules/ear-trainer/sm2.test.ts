import { describe, expect, it } from 'vitest';
import { easeAfter, MIN_EASE, NEW_ITEM, pickNext, RELEARN_MINUTES, review, START_EASE } from './sm2.js';

const now = new Date('2026-03-02T15:00:00Z');
const days = (d: Date) => (d.getTime() - now.getTime()) / 86_400_000;

describe('SM-2 scheduling', () => {
  it('spaces right answers 1 day, 6 days, then the previous interval times the ease', () => {
    const first = review(NEW_ITEM, true, now);
    expect(first).toMatchObject({ repetitions: 1, intervalDays: 1, ease: START_EASE });
    expect(days(first.dueAt)).toBe(1);
    const second = review(first, true, now);
    expect(second).toMatchObject({ repetitions: 2, intervalDays: 6 });
    const third = review(second, true, now);
    expect(third.intervalDays).toBe(15); // 6 × 2.5
    expect(days(third.dueAt)).toBe(15);
  });

  it('keeps the ease for quality 4 and lowers it by 0.54 for quality 1, never below 1.3', () => {
    expect(easeAfter(2.5, 4)).toBe(2.5);
    expect(easeAfter(2.5, 1)).toBe(1.96);
    expect(easeAfter(1.4, 1)).toBe(MIN_EASE);
    expect(easeAfter(2.5, 5)).toBe(2.6);
  });

  it('brings a wrong item back within minutes and starts its repetitions over', () => {
    const learnt = review(review(review(NEW_ITEM, true, now), true, now), true, now);
    const missed = review(learnt, false, now);
    expect(missed).toMatchObject({ repetitions: 0, intervalDays: 0, ease: 1.96 });
    expect(missed.dueAt.getTime() - now.getTime()).toBe(RELEARN_MINUTES * 60_000);
    // After a lapse the next right answer is one day away again, with the lowered ease kept.
    expect(review(missed, true, now)).toMatchObject({ repetitions: 1, intervalDays: 1, ease: 1.96 });
  });

  it('makes an item answered wrong come back sooner than one answered right', () => {
    const right = review(NEW_ITEM, true, now);
    const wrong = review(NEW_ITEM, false, now);
    expect(wrong.dueAt.getTime()).toBeLessThan(right.dueAt.getTime());
  });
});

describe('choosing the next item', () => {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it('asks the most overdue item before the others', () => {
    const items = [{ key: 'a', dueAt: at(60) }, { key: 'b', dueAt: at(-5) }, { key: 'c', dueAt: at(30) }];
    expect(pickNext(items, now, null).key).toBe('b');
  });

  it('counts a new item as due now, and picks among the owed ones at random', () => {
    const items = [{ key: 'a', dueAt: at(60) }, { key: 'new1', dueAt: null }, { key: 'new2', dueAt: null }];
    expect(pickNext(items, now, null, () => 0).key).toBe('new1');
    expect(pickNext(items, now, null, () => 0.99).key).toBe('new2');
  });

  it('does not ask the same item twice in a row unless it is the only one', () => {
    const items = [{ key: 'a', dueAt: at(-10) }, { key: 'b', dueAt: at(600) }];
    expect(pickNext(items, now, 'a').key).toBe('b');
    expect(pickNext([items[0]!], now, 'a').key).toBe('a');
  });

  it('asks the soonest item when nothing is due yet', () => {
    const items = [{ key: 'a', dueAt: at(600) }, { key: 'b', dueAt: at(90) }];
    expect(pickNext(items, now, null).key).toBe('b');
  });
});
