/**
 * Time zones by name, with Intl alone (no luxon: the public signup page reads it). The school's
 * clock itself is shared/school-clock.ts (decision 055).
 */

/** The zone a new school starts in: the default of the schools.time_zone column. */
export const DEFAULT_SCHOOL_ZONE = 'America/New_York';

/** Whether a name is a time zone this engine knows (an IANA name: "America/Chicago"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a school may choose, as the engine lists them (Intl), the default school zone first if missing. */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(DEFAULT_SCHOOL_ZONE) ? zones : [DEFAULT_SCHOOL_ZONE, ...zones];
}
