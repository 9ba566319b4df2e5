/**
 * SM-2 (P. Wozniak, SuperMemo 2, 1987–1990) with two grades, as decision 049 records: a right
 * answer is quality 4, a wrong one quality 1. The published rule, unchanged, for a right answer:
 * the first interval is 1 day, the second 6, then the previous times the ease factor; the ease
 * moves by 0.1 − (5 − q)(0.08 + (5 − q)·0.02) and never falls below 1.3. A wrong answer (q < 3)
 * starts the repetitions over; where SM-2 waits a day, we bring the item back after
 * RELEARN_MINUTES (Anki's relearning step), so a missed interval returns in the same session.
 */
export type Sm2State = { repetitions: number; intervalDays: number; ease: number };

export const RIGHT_QUALITY = 4;
export const WRONG_QUALITY = 1;
export const MIN_EASE = 1.3;
export const START_EASE = 2.5;
export const RELEARN_MINUTES = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

export const NEW_ITEM: Sm2State = { repetitions: 0, intervalDays: 0, ease: START_EASE };

export function easeAfter(ease: number, quality: number): number {
  const next = ease + (0.1 - (5 - quality) * (0.08 + (5 - quality) * 0.02));
  return Math.max(MIN_EASE, Math.round(next * 100) / 100);
}

/** The state after one answer, and when the item is due again. */
export function review(state: Sm2State, correct: boolean, now: Date): Sm2State & { dueAt: Date } {
  const quality = correct ? RIGHT_QUALITY : WRONG_QUALITY;
  const ease = easeAfter(state.ease, quality);
  if (!correct) {
    return { repetitions: 0, intervalDays: 0, ease, dueAt: new Date(now.getTime() + RELEARN_MINUTES * 60 * 1000) };
  }
  const repetitions = state.repetitions + 1;
  const intervalDays = repetitions === 1 ? 1 : repetitions === 2 ? 6 : Math.round(state.intervalDays * state.ease);
  return { repetitions, intervalDays, ease, dueAt: new Date(now.getTime() + intervalDays * DAY_MS) };
}

/**
 * Which item to ask next: the most overdue first, an item never asked counting as due now;
 * the one just asked waits its turn unless it is the only one. Ties (several new items) are
 * broken by the random number, so a new set is not always asked in the same order.
 */
export function pickNext<T extends { key: string; dueAt: Date | null }>(items: T[], now: Date, lastKey: string | null, random: () => number = Math.random): T {
  const pool = items.length > 1 ? items.filter((i) => i.key !== lastKey) : items;
  const dueTime = (i: T) => (i.dueAt ?? now).getTime();
  const earliest = Math.min(...pool.map(dueTime));
  // Everything due by now is equally owed; otherwise the soonest.
  const bar = Math.max(earliest, now.getTime());
  const owed = pool.filter((i) => dueTime(i) <= bar);
  return owed[Math.floor(random() * owed.length)] ?? pool[0]!;
}
