import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../../db/client.js';
import { schools } from '../../../db/schema/index.js';

/** Today's date on the school's clock (an invoice is overdue from the day after its due date there). */
export async function schoolToday(tx: Tx, adminId: string, now = new Date()): Promise<string> {
  const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.adminId, adminId)).limit(1);
  return DateTime.fromJSDate(now, { zone: school?.timeZone ?? 'UTC' }).toISODate() ?? now.toISOString().slice(0, 10);
}
