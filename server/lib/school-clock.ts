import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { schools } from '../db/schema/index.js';
import { NO_SCHOOL_ZONE, todayIn } from '../../shared/school-clock.js';

/**
 * The one reading of a school's zone (decision 055). schools.time_zone is NOT NULL, so the
 * fallback speaks only for a school that is not there (a superadmin's rows, a deleted school):
 * those are on NO_SCHOOL_ZONE. A caller that refuses a missing school checks the school itself.
 */

const fallback = sql.raw(`'${NO_SCHOOL_ZONE}'`);

/** The zone of the school that `schools` (or an alias of it) stands for in a query, for a select or a join. */
export function schoolZoneSql(table: { timeZone: typeof schools.timeZone } = schools): SQL<string> {
  return sql<string>`coalesce(${table.timeZone}, ${fallback})`;
}

/** The same for raw SQL that names the schools table by an alias (`s` in `join schools s`). */
export function schoolZoneOfAlias(alias: string): SQL<string> {
  return sql<string>`coalesce(${sql.identifier(alias)}.time_zone, ${fallback})`;
}

/** Today's date at `now` on the clock of the school `alias` names, for the jobs' set-based SQL. */
export function schoolTodaySql(alias: string, now: Date): SQL<string> {
  return sql<string>`(${now.toISOString()}::timestamptz at time zone ${schoolZoneOfAlias(alias)})::date`;
}

/** The school's zone. */
export async function schoolZoneOf(tx: Tx, adminId: string | null): Promise<string> {
  if (!adminId) return NO_SCHOOL_ZONE;
  const [row] = await tx.select({ zone: schoolZoneSql() }).from(schools).where(eq(schools.adminId, adminId)).limit(1);
  return row?.zone ?? NO_SCHOOL_ZONE;
}

/**
 * What "now" is for a school (decision 067): the wall's, in production always. The app reads it
 * through `services.clock` (a route: `req.now()`), so a test-only clock can answer for one school
 * and no other; nothing in the app's API sets it.
 */
export type SchoolClock = {
  /** Now, for the school `adminId` names (null: no school, a superadmin's). */
  now(adminId: string | null): Date;
};

/** Production's clock: the wall, for every school. */
export const wallClock: SchoolClock = { now: () => new Date() };

/** Today's date on the school's clock. */
export async function schoolToday(tx: Tx, adminId: string | null, now = new Date()): Promise<string> {
  return todayIn(await schoolZoneOf(tx, adminId), now);
}
