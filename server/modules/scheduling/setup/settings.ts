import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { schedulingSettings, type SchedulingSettingsRow } from '../../../db/schema/index.js';
import { forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule, mayScheduleLessons } from '../../../policies/scheduling.js';
import type { SchedulingSettings, SchedulingSettingsAnswer } from '../../../../shared/contracts/scheduling.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';

function presentSettings(s: SchedulingSettingsRow, timeZone: string): SchedulingSettingsAnswer {
  return {
    creditMaxHeld: s.creditMaxHeld, creditMaxPerTerm: s.creditMaxPerTerm, creditLifetimeDays: s.creditLifetimeDays,
    noticeHours: s.noticeHours, bankedDueHours: s.bankedDueHours, reminderHours: s.reminderHours,
    defaultLessonMinutes: s.defaultLessonMinutes, teacherBackDateDays: s.teacherBackDateDays, termStartsOn: s.termStartsOn, termEndsOn: s.termEndsOn,
    dayStartsAt: s.dayStartsAt, dayEndsAt: s.dayEndsAt, timeZone,
  };
}

/** The school's rules: staff keep them; teachers read them (the lesson modal's default length, the notice window). */
export async function getSettings(tx: Tx, actor: Actor): Promise<SchedulingSettingsAnswer> {
  if (!mayScheduleLessons(actor)) throw forbidden();
  const school = await loadSchoolSchedule(tx, actor.adminId);
  return presentSettings(school.settings, school.timeZone);
}

export async function updateSettings(tx: Tx, actor: Actor, f: SchedulingSettings): Promise<SchedulingSettingsAnswer> {
  if (!mayRunSchedule(actor)) throw forbidden();
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const [saved] = await tx.update(schedulingSettings).set(f).where(eq(schedulingSettings.adminId, school.adminId)).returning();
  return presentSettings(saved!, school.timeZone);
}
