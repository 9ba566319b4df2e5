import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';

/**
 * Billing's calendar: invoice dates, report ranges and the jobs' "today" are days on the
 * school's wall clock (its IANA zone); moments in the database are UTC.
 */

/** The school's zone, or null when there is no such school. */
export async function schoolZoneOf(tx: Tx, adminId: string): Promise<string | null> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.adminId, adminId));
  return row?.timeZone ?? null;
}

/** Today's date ('YYYY-MM-DD') where the school is. */
export function todayIn(zone: string, now = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toFormat('yyyy-LL-dd');
}

/** The instant a local day starts in the zone (midnight, or the first moment of a day that skips it). */
export function startOfLocalDay(date: string, zone: string): Date {
  return DateTime.fromISO(date, { zone }).startOf('day').toJSDate();
}

/** A calendar date moved by whole days ('2026-01-31' + 1 → '2026-02-01'). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
