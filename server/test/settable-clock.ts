import { wallClock, type SchoolClock } from '../lib/school-clock.js';

/**
 * A school clock a test sets, one school at a time (docs/decisions/067-a-school-clock-the-test-sets.md).
 * It lives with the tests: production builds its services with `wallClock` and no file of the app
 * imports this one, so only a test (a server test, or tests/e2e/support/serve.ts's test-only door)
 * can set a school's time.
 *
 * A set clock runs on from the instant it was set to, as a real one does (as Playwright's
 * `page.clock.setSystemTime` does in the browser): a lesson booked now began a minute ago a minute
 * later. Only the school set is moved: every other school, and a caller of no school, reads the wall.
 */
export type SettableClock = SchoolClock & {
  /** From now on, the school `adminId` reads `instant` now, and later instants as time passes. */
  set(adminId: string, instant: Date): void;
  /** The school reads the wall again. */
  clear(adminId: string): void;
};

export function createSettableClock(wall: SchoolClock = wallClock): SettableClock {
  /** Each set school's lead over the wall, in milliseconds. */
  const leads = new Map<string, number>();
  return {
    now(adminId) {
      const wallNow = wall.now(adminId);
      const lead = adminId === null ? undefined : leads.get(adminId);
      return lead === undefined ? wallNow : new Date(wallNow.getTime() + lead);
    },
    set(adminId, instant) {
      if (Number.isNaN(instant.getTime())) throw new Error('Not an instant');
      leads.set(adminId, instant.getTime() - wall.now(adminId).getTime());
    },
    clear(adminId) {
      leads.delete(adminId);
    },
  };
}

/** Puts the schools `adminIds` of a test app's services on a new settable clock, at `instant` and running on from it. */
export function setSchoolsNow(services: { clock: SchoolClock }, adminIds: string[], instant: Date): SettableClock {
  const clock = createSettableClock();
  services.clock = clock;
  for (const adminId of adminIds) clock.set(adminId, instant);
  return clock;
}
