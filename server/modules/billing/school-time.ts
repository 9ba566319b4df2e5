import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';

/**
 * Billing's calendar beside invoices' schoolToday and addDays: report ranges and the jobs'
 * "today" are days on the school's wall clock (its IANA zone); moments in the database are UTC.
 */

/** The school's zone, or null when there is no such school. */
export async function schoolZoneOf(tx: Tx, adminId: string): Promise<string | null> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.adminId, adminId));
  return row?.timeZone ?? null;
}

/** The instant a local day starts in the zone (midnight, or the first moment of a day that skips it). */
export function startOfLocalDay(date: string, zone: string): Date {
  return DateTime.fromISO(date, { zone }).startOf('day').toJSDate();
}
