/**
 * How long a unit or API test may wait, by the wall clock. CI runs these suites at the lowest CPU
 * priority beside the browser suite (decision 088), where a step that takes a second on a quiet
 * machine can wait minutes for a core: CI sets TEST_PATIENCE to stretch every limit by that
 * factor (decision 103). A test that hangs still fails, only later; a quiet run keeps the limits
 * as written.
 */
export const PATIENCE = Math.max(1, Number(process.env.TEST_PATIENCE) || 1);

/** A limit in milliseconds, stretched by TEST_PATIENCE. */
export const patient = (ms: number): number => ms * PATIENCE;
