import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonSeries } from '../../../db/schema/index.js';
import type { LessonDetails } from '../../../../shared/contracts/scheduling.js';
import { loadLesson } from './lesson-access.js';
import { loadRosters } from './lesson-rows.js';
import { presentEvent } from './presenter.js';
import { describeRule } from '../time/recurrence.js';
import { loadSchoolSchedule, schoolHoursOf } from '../time/school-schedule.js';
import type { Actor } from '../../../lib/actor.js';
import { wallClockOf } from '../../../../shared/school-clock.js';

/**
 * One lesson for its drawer: the event, its series in words, and the wall clock for the edit form.
 * docs/domains/scheduling.md "Who may do what"'s detail rule governs what the calendar's labels show; the drawer, opened by
 * someone who may manage the lesson (the school's staff, or its teacher, also in login-as), shows
 * the roster they take attendance for and edit (issue 10).
 */
export async function getLessonDetails(tx: Tx, actor: Actor, id: string, now = new Date()): Promise<LessonDetails> {
  const access = await loadLesson(tx, actor, id, actor.seesLessonDetail, now);
  const { row } = access;
  const detail = actor.seesLessonDetail || access.rights.canEdit;
  const rights = { ...access.rights, detail };
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const rosters = detail ? await loadRosters(tx, [row]) : new Map();
  const [series] = row.seriesId
    ? await tx.select({ rrule: lessonSeries.rrule, startsLocal: lessonSeries.startsLocal }).from(lessonSeries).where(eq(lessonSeries.id, row.seriesId))
    : [];
  const local = wallClockOf(row.startsAt, school.timeZone);
  return {
    ...presentEvent(row, rosters.get(row.id) ?? [], school.timeZone, rights),
    notes: detail ? row.notes : '',
    repeatText: series ? describeRule(series.rrule, series.startsLocal) : null,
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    date: local.date,
    startTime: local.time,
    timeZone: school.timeZone,
    schoolHours: schoolHoursOf(school.settings),
  };
}
