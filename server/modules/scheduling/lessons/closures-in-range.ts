import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { holidays } from '../../../db/schema/index.js';
import type { CalendarClosure } from '../../../../shared/contracts/scheduling.js';
import { wallClockOf } from '../../../../shared/school-clock.js';

/** At most this many closures come with one calendar window (a year of a school's holidays fits). */
const CLOSURES_MAX = 200;

/**
 * The school's closures (holidays) that touch a calendar window, as days of the school's wall
 * clock: the window's end is exclusive, so its last day is the one of the instant just before it.
 */
export async function listClosuresInRange(tx: Tx, adminId: string | null, start: Date, end: Date, zone: string): Promise<CalendarClosure[]> {
  if (!adminId) return [];
  const first = wallClockOf(start, zone).date;
  const last = wallClockOf(new Date(end.getTime() - 1), zone).date;
  const rows = await tx
    .select({ id: holidays.id, name: holidays.name, startsOn: holidays.startsOn, endsOn: holidays.endsOn })
    .from(holidays)
    .where(and(eq(holidays.adminId, adminId), lte(holidays.startsOn, last), gte(holidays.endsOn, first)))
    .orderBy(asc(holidays.startsOn), asc(holidays.id))
    .limit(CLOSURES_MAX);
  return rows.map((r) => ({ _id: r.id, name: r.name, startsOn: r.startsOn, endsOn: r.endsOn }));
}
