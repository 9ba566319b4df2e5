/**
 * Instant arithmetic for lessons. Everything that speaks the school's wall clock (zones, local
 * days, conversions) is the school's clock, shared/school-clock.ts (decision 055).
 */

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}
