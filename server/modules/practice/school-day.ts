import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';

/** The school's zone decides which day practice belongs to (a student's evening is not tomorrow in UTC). */
export async function schoolZone(tx: Tx, adminId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.adminId, adminId)).limit(1);
  return row?.timeZone ?? 'America/New_York';
}

/** 'YYYY-MM-DD' of this instant on the school's clock. */
export const dayIn = (zone: string, at: Date): string => DateTime.fromJSDate(at, { zone }).toISODate()!;

/** The instant the school day `day` ends (the next midnight in the zone). */
export const endOfDayIn = (zone: string, day: string): Date => DateTime.fromISO(day, { zone }).plus({ days: 1 }).startOf('day').toJSDate();
