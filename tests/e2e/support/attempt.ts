/**
 * A name of a test attempt's own, for what a spec makes in the provider's data (a plan, a seller,
 * a school the superadmin adds), which every school shares and a spec's own school cannot hold
 * (docs/decisions/064-each-browser-spec-on-its-own-school.md). The run's database is fresh, and in
 * one run a worker's index is never reused (a retry, or a test after a failure, starts a new
 * worker); the repeat's index keeps `--repeat-each` copies of a test in one worker apart.
 */
import { test } from '@playwright/test';

/**
 * Digits and letters only (`3w1r`): fits a username, a plan's name, an email's local part. Each
 * number closed by a letter, so no tag begins another (`1w1r`, `1w10r`) and a name found by a
 * pattern finds its own only.
 */
export function attemptTag(): string {
  const info = test.info();
  return `${info.workerIndex}w${info.repeatEachIndex}r`;
}

/** The same, spelled in letters only (`dwbr`), for fields that refuse digits (a person's name). */
export function attemptLetters(): string {
  return attemptTag().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
}
