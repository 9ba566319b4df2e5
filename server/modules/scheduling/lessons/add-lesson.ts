import type { Tx } from '../../../db/client.js';
import { lessons, lessonSeries, lessonSeriesStudents, lessonStudents } from '../../../db/schema/index.js';
import { fieldError, forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule, mayScheduleLessons } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type LessonFormValues } from '../../../../shared/contracts/scheduling.js';
import { assertNoClashes } from './find-clashes.js';
import { assertNotTooFarBack } from './back-dating.js';
import { checkLessonParts, type LessonParts } from './lesson-parts.js';
import { closureOn, closuresBetween, horizonFrom, materializeSeries } from './materialize-series.js';
import { buildRule, expandRule, ruleHasOccurrences } from '../time/recurrence.js';
import { loadSchoolSchedule, type SchoolSchedule } from '../time/school-schedule.js';
import { addMinutes } from '../time/wall-clock.js';
import { toInstant, wallClockOf } from '../../../../shared/school-clock.js';

/** Creates a one-off lesson or a recurring series (its occurrences up to the horizon). */
export async function addLesson(tx: Tx, actor: Actor, input: LessonFormValues, now = new Date()) {
  if (!mayScheduleLessons(actor)) throw forbidden();
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const parts = await checkLessonParts(tx, actor, school.adminId, input);
  const allowRoomConflict = input.allowRoomConflict && mayRunSchedule(actor);
  const rule = buildRule(input);
  if (!rule) {
    const startsAt = toInstant(input.date, input.startTime, school.timeZone);
    assertNotTooFarBack(actor, school, startsAt, now);
    const endsAt = addMinutes(startsAt, input.durationMinutes);
    await assertNoClashes(tx, [{ startsAt, endsAt }], clashCheck(school, parts, [], allowRoomConflict));
    const id = await insertLesson(tx, school.adminId, parts, { startsAt, endsAt, notes: input.notes });
    return { _id: id, seriesId: null, count: 1 };
  }
  const startsLocal = `${input.date}T${input.startTime}`;
  assertNotTooFarBack(actor, school, toInstant(input.date, input.startTime, school.timeZone), now);
  if (!ruleHasOccurrences(rule, startsLocal)) throw fieldError('untilDate', M.noLessonsInRule);
  return addSeries(tx, school, parts, { rule, startsLocal, durationMinutes: input.durationMinutes, notes: input.notes, allowRoomConflict }, now);
}

export type SeriesInput = { rule: string; startsLocal: string; durationMinutes: number; notes: string; allowRoomConflict: boolean };

/** A new series: clash-checked over the occurrences it makes now (closure days do not clash). */
export async function addSeries(tx: Tx, school: SchoolSchedule, parts: LessonParts, s: SeriesInput, now: Date, excludeLessonIds: string[] = []) {
  const first = toInstant(s.startsLocal.slice(0, 10), s.startsLocal.slice(11), school.timeZone);
  const until = horizonFrom(now > first ? now : first);
  const occurrences = expandRule(s.rule, s.startsLocal, school.timeZone, first, until);
  if (occurrences.length === 0) throw fieldError('untilDate', M.noLessonsInRule);
  const dates = occurrences.map((o) => wallClockOf(o.startsAt, school.timeZone).date);
  const closures = await closuresBetween(tx, school.adminId, dates[0]!, dates.at(-1)!);
  const open = occurrences.filter((_, i) => !closureOn(closures, dates[i]!));
  await assertNoClashes(tx, open.map((o) => ({ startsAt: o.startsAt, endsAt: addMinutes(o.startsAt, s.durationMinutes) })),
    clashCheck(school, parts, excludeLessonIds, s.allowRoomConflict));

  const [series] = await tx.insert(lessonSeries).values({
    adminId: school.adminId, teacherId: parts.teacherId, lessonTypeId: parts.lessonTypeId, roomId: parts.roomId, classGroupId: parts.classGroupId,
    rrule: s.rule, startsLocal: s.startsLocal, durationMinutes: s.durationMinutes, timeZone: school.timeZone, notes: s.notes,
  }).returning();
  if (parts.studentIds.length > 0) {
    await tx.insert(lessonSeriesStudents).values(parts.studentIds.map((studentId) => ({ adminId: school.adminId, seriesId: series!.id, studentId })));
  }
  const made = await materializeSeries(tx, school, series!, first, until, now);
  return { _id: made[0]!, seriesId: series!.id, count: made.length };
}

export function clashCheck(school: SchoolSchedule, parts: LessonParts, excludeLessonIds: string[], allowRoomConflict: boolean) {
  return {
    adminId: school.adminId, timeZone: school.timeZone, teacherId: parts.teacherId, roomId: parts.roomId,
    studentIds: parts.everyStudentId, excludeLessonIds, allowRoomConflict,
  };
}

/** A lesson of its own (a one-off, or a make-up), with its students. */
export async function insertLesson(tx: Tx, adminId: string, parts: LessonParts, at: { startsAt: Date; endsAt: Date; notes: string }): Promise<string> {
  const [lesson] = await tx.insert(lessons).values({
    adminId, teacherId: parts.teacherId, lessonTypeId: parts.lessonTypeId, roomId: parts.roomId, classGroupId: parts.classGroupId,
    startsAt: at.startsAt, endsAt: at.endsAt, notes: at.notes,
  }).returning({ id: lessons.id });
  if (parts.studentIds.length > 0) {
    await tx.insert(lessonStudents).values(parts.studentIds.map((studentId) => ({ adminId, lessonId: lesson!.id, studentId })));
  }
  return lesson!.id;
}
