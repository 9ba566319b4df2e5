import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { schedulingSettings, type SchedulingSettingsRow } from '../../../db/schema/index.js';
import { forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule, mayScheduleLessons } from '../../../policies/scheduling.js';
import type { SchedulingSettings } from '../../../../shared/contracts/scheduling.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';

function presentSettings(s: SchedulingSettingsRow): SchedulingSettings {
  return {
    creditMaxHeld: s.creditMaxHeld, creditMaxPerTerm: s.creditMaxPerTerm, creditLifetimeDays: s.creditLifetimeDays,
    noticeHours: s.noticeHours, bankedDueHours: s.bankedDueHours, reminderHours: s.reminderHours,
    defaultLessonMinutes: s.defaultLessonMinutes, teacherBackDateDays: s.teacherBackDateDays, termStartsOn: s.termStartsOn, termEndsOn: s.termEndsOn,
  };
}

/** The school's rules: staff keep them; teachers read them (the lesson modal's default length, the notice window). */
export async function getSettings(tx: Tx, actor: Actor): Promise<SchedulingSettings> {
  if (!mayScheduleLessons(actor)) throw forbidden();
  return presentSettings((await loadSchoolSchedule(tx, actor.adminId)).settings);
}

export async function updateSettings(tx: Tx, actor: Actor, f: SchedulingSettings): Promise<SchedulingSettings> {
  if (!mayRunSchedule(actor)) throw forbidden();
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const [saved] = await tx.update(schedulingSettings).set(f).where(eq(schedulingSettings.adminId, school.adminId)).returning();
  return presentSettings(saved!);
}
