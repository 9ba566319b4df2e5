import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonTypes, schedulingSettings, schools, type SchedulingSettingsRow } from '../../../db/schema/index.js';
import { forbidden } from '../../../lib/http-errors.js';
import type { SchoolHours } from '../../../../shared/contracts/scheduling.js';
import { schoolZoneSql } from '../../../lib/school-clock.js';

/** What every scheduling call needs of its school: the zone its wall clock is in, and its rules. */
export type SchoolSchedule = { adminId: string; timeZone: string; settings: SchedulingSettingsRow };

/** A new school starts with the lesson types every music school has. */
const DEFAULT_LESSON_TYPES = [
  { name: 'Private Lesson', kind: 'private', durationMinutes: 30 },
  { name: 'Group Class', kind: 'class_group', durationMinutes: 60 },
] as const;

/**
 * The school's zone and rules; the first call of a school makes its default rules and lesson
 * types, so no school-creation path has to know about scheduling.
 */
export async function loadSchoolSchedule(tx: Tx, adminId: string | null): Promise<SchoolSchedule> {
  if (!adminId) throw forbidden();
  const [row] = await tx.select({ timeZone: schoolZoneSql(), settings: schedulingSettings })
    .from(schools).leftJoin(schedulingSettings, eq(schedulingSettings.adminId, schools.adminId))
    .where(eq(schools.adminId, adminId));
  if (!row) throw forbidden();
  if (row.settings) return { adminId, timeZone: row.timeZone, settings: row.settings };
  const [made] = await tx.insert(schedulingSettings).values({ adminId }).onConflictDoNothing().returning();
  if (made) await tx.insert(lessonTypes).values(DEFAULT_LESSON_TYPES.map((t) => ({ ...t, adminId }))).onConflictDoNothing();
  const [settings] = await tx.select().from(schedulingSettings).where(eq(schedulingSettings.adminId, adminId));
  return { adminId, timeZone: row.timeZone, settings: settings! };
}

/** The school's opening and closing time, as the calendar and the lesson drawer take them. */
export function schoolHoursOf(settings: SchedulingSettingsRow): SchoolHours {
  return { dayStartsAt: settings.dayStartsAt, dayEndsAt: settings.dayEndsAt };
}
