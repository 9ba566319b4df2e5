import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonSeries, lessonStudents, makeupCredits } from '../../../db/schema/index.js';
import { conflict } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type LessonMoveValues, type LessonUpdateValues, type Scope } from '../../../../shared/contracts/scheduling.js';
import { addSeries, clashCheck } from './add-lesson.js';
import { assertNoClashes } from './find-clashes.js';
import { assertNotTooFarBack } from './back-dating.js';
import { membersOfGroup } from '../../relations/index.js';
import { loadLessonToEdit } from './lesson-access.js';
import { checkLessonParts, type LessonParts, type LessonPartsInput } from './lesson-parts.js';
import type { LessonView } from './lesson-rows.js';
import { continueRule, expandRule, withWeekdayOf } from '../time/recurrence.js';
import { horizonFrom } from './materialize-series.js';
import { endSeriesBefore, occurrenceOf } from './end-series.js';
import { loadSchoolSchedule, type SchoolSchedule } from '../time/school-schedule.js';
import { addMinutes } from '../time/wall-clock.js';
import { tellFamilies } from '../notices/tell-families.js';
import { tellTeachers } from '../notices/tell-teachers.js';
import { toInstant, wallClockOf } from '../../../../shared/school-clock.js';

type When = { date: string; startTime: string; durationMinutes: number };

/**
 * Edit from the lesson modal: "this lesson", or "this and following" of a series. A partial
 * update: what the call leaves out keeps the lesson's value (its students, its teacher, its time).
 */
export async function updateLesson(tx: Tx, actor: Actor, input: LessonUpdateValues, appUrl: string, now = new Date()) {
  const { row } = await loadLessonToEdit(tx, actor, input.id);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const current = await partsOf(tx, row);
  const local = wallClockOf(row.startsAt, school.timeZone);
  const when: When = {
    date: input.date ?? local.date,
    startTime: input.startTime ?? local.time,
    durationMinutes: input.durationMinutes ?? Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
  };
  const parts = await checkLessonParts(tx, actor, school.adminId, {
    teacherId: input.teacherId ?? current.teacherId,
    lessonTypeId: input.lessonTypeId ?? current.lessonTypeId,
    roomId: input.roomId !== undefined ? input.roomId : current.roomId,
    classGroupId: input.classGroupId !== undefined ? input.classGroupId : current.classGroupId,
    studentIds: input.studentIds ?? current.studentIds,
  }, { studentIds: current.studentIds, classGroupId: current.classGroupId });
  const start = toInstant(when.date, when.startTime, school.timeZone);
  if (start.getTime() !== row.startsAt.getTime()) assertNotTooFarBack(actor, school, start, now);
  const changes = await applyChange(tx, school, row, parts, when,
    { scope: input.scope, notes: input.notes ?? row.notes, allowRoomConflict: input.allowRoomConflict && mayRunSchedule(actor) }, now);
  await tellOfNewTime(tx, school, actor, appUrl, 'rescheduled', row, [current, parts], when, input.scope, now);
  return changes;
}

/** Drag to move: the same lesson at another time (and length, when resized). */
export async function moveLesson(tx: Tx, actor: Actor, input: LessonMoveValues, appUrl: string, now = new Date()) {
  const { row } = await loadLessonToEdit(tx, actor, input.id);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const parts = await partsOf(tx, row);
  assertNotTooFarBack(actor, school, toInstant(input.date, input.startTime, school.timeZone), now);
  const durationMinutes = input.durationMinutes ?? Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
  const when = { date: input.date, startTime: input.startTime, durationMinutes };
  const changes = await applyChange(tx, school, row, parts, when,
    { scope: input.scope, notes: row.notes, allowRoomConflict: input.allowRoomConflict && mayRunSchedule(actor) }, now);
  await tellOfNewTime(tx, school, actor, appUrl, 'moved', row, [parts], when, input.scope, now);
  return changes;
}

/** A lesson (or the rest of its series) at a new time: its students before and after, and their parents, hear of it once; so do its teachers. */
async function tellOfNewTime(
  tx: Tx, school: SchoolSchedule, actor: Actor, appUrl: string, kind: 'moved' | 'rescheduled', row: LessonView, parts: LessonParts[], when: When, scope: Scope, now: Date,
) {
  const startsAt = toInstant(when.date, when.startTime, school.timeZone);
  const endsAt = addMinutes(startsAt, when.durationMinutes);
  if (startsAt.getTime() === row.startsAt.getTime() && endsAt.getTime() === row.endsAt.getTime()) return;
  const studentIds = [...new Set(parts.flatMap((p) => p.everyStudentId))];
  await tellFamilies(tx, school, appUrl, {
    kind, following: scope === 'following' && row.seriesId !== null,
    lessons: [{ studentIds, lessonTypeId: parts.at(-1)!.lessonTypeId, startsAt: row.startsAt, newStartsAt: startsAt, lessonId: scope === 'this' ? row.id : null }],
  }, now);
  // Its teachers before and after, unless the one who moved it.
  await tellTeachers(tx, school, actor, appUrl, {
    kind: 'moved', following: scope === 'following' && row.seriesId !== null,
    lessons: [...new Set(parts.map((p) => p.teacherId))].map((teacherId) => ({ teacherId, studentIds, lessonTypeId: parts.at(-1)!.lessonTypeId, startsAt: row.startsAt, newStartsAt: startsAt })),
  }, now);
}

/** Removes lessons booked by mistake; a lesson with attendance or a make-up credit is history and stays. */
export async function deleteLesson(tx: Tx, actor: Actor, input: { id: string; scope: Scope }) {
  const { row } = await loadLessonToEdit(tx, actor, input.id);
  if (input.scope === 'following' && row.seriesId) {
    const occurrence = await occurrenceOf(tx, row);
    await endSeriesBefore(tx, row.seriesId, occurrence.local);
    const removed = await removeUnkeptFrom(tx, row.seriesId, occurrence.start);
    return { deleted: removed.length };
  }
  // A cancelled lesson may go; one with attendance or a credit is history.
  const [history] = await tx.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.id, row.id), sql`(${lessons.attendanceTakenAt} is not null
    or exists (select 1 from ${makeupCredits} c where c.lesson_id = ${lessons.id} or c.used_lesson_id = ${lessons.id}))`));
  if (history) throw conflict(M.lessonHasAttendance);
  await tx.delete(lessons).where(eq(lessons.id, row.id));
  return { deleted: 1 };
}

type ChangeOptions = { scope: Scope; notes: string; allowRoomConflict: boolean };

async function applyChange(tx: Tx, school: SchoolSchedule, row: LessonView, parts: LessonParts, when: When, opts: ChangeOptions, now: Date) {
  const startsAt = toInstant(when.date, when.startTime, school.timeZone);
  const endsAt = addMinutes(startsAt, when.durationMinutes);
  if (opts.scope === 'following' && row.seriesId) return changeFollowing(tx, school, row, parts, when, opts, now);

  await assertNoClashes(tx, [{ startsAt, endsAt }], clashCheck(school, parts, [row.id], opts.allowRoomConflict));
  await tx.update(lessons).set({
    teacherId: parts.teacherId, lessonTypeId: parts.lessonTypeId, roomId: parts.roomId, classGroupId: parts.classGroupId,
    startsAt, endsAt, notes: opts.notes, detached: row.seriesId !== null, updatedAt: now,
  }).where(eq(lessons.id, row.id));
  await replaceStudents(tx, school.adminId, row.id, parts.studentIds);
  return { _id: row.id, seriesId: row.seriesId, count: 1 };
}

/**
 * "This and following": the series ends before this lesson, and a new series starts from it
 * with the change. Lessons from here on that are history (attendance taken, cancelled, banked,
 * a make-up, changed on their own) stay as they are and take the place of the new series'
 * occurrence of the same rank, so nothing is doubled; the others are replaced.
 */
async function changeFollowing(tx: Tx, school: SchoolSchedule, row: LessonView, parts: LessonParts, when: When, opts: ChangeOptions, now: Date) {
  const [series] = await tx.select().from(lessonSeries).where(eq(lessonSeries.id, row.seriesId!));
  const occurrence = await occurrenceOf(tx, row);
  const fromHere = await tx.select({ id: lessons.id, occurrenceStart: lessons.occurrenceStart, history: isHistory(), detached: lessons.detached })
    .from(lessons).where(and(eq(lessons.seriesId, series!.id), gte(lessons.occurrenceStart, occurrence.start)));
  // The edited lesson is replaced even when it was changed on its own before, unless it is history.
  const kept = fromHere.filter((l) => l.history || (l.detached && l.id !== row.id));
  const replaced = fromHere.filter((l) => !kept.includes(l)).map((l) => l.id);
  const oldStarts = expandRule(series!.rrule, series!.startsLocal, series!.timeZone, occurrence.start, horizonFrom(now > occurrence.start ? now : occurrence.start))
    .map((o) => o.startsAt.getTime());

  const rule = withWeekdayOf(continueRule(series!.rrule, series!.startsLocal, occurrence.local), when.date);
  await endSeriesBefore(tx, series!.id, occurrence.local);
  if (replaced.length > 0) await tx.delete(lessons).where(inArray(lessons.id, replaced));
  const made = await addSeries(tx, school, parts, {
    rule, startsLocal: `${when.date}T${when.startTime}`, durationMinutes: when.durationMinutes, notes: opts.notes, allowRoomConflict: opts.allowRoomConflict,
  }, now, kept.map((l) => l.id));
  await adoptKeptLessons(tx, made.seriesId, kept, oldStarts);
  return made;
}

/** Each kept lesson becomes the new series' occurrence of its rank, in place of the one just made. */
async function adoptKeptLessons(tx: Tx, seriesId: string, kept: { id: string; occurrenceStart: Date | null }[], oldStarts: number[]) {
  if (kept.length === 0) return;
  const fresh = await tx.select({ id: lessons.id, occurrenceStart: lessons.occurrenceStart }).from(lessons)
    .where(eq(lessons.seriesId, seriesId)).orderBy(lessons.occurrenceStart);
  for (const lesson of kept) {
    const rank = oldStarts.indexOf(lesson.occurrenceStart!.getTime());
    const twin = rank >= 0 ? fresh[rank] : undefined;
    if (!twin) continue;
    await tx.delete(lessons).where(eq(lessons.id, twin.id));
    await tx.update(lessons).set({ seriesId, occurrenceStart: twin.occurrenceStart }).where(eq(lessons.id, lesson.id));
  }
}

/** History a series change leaves alone: attendance taken, cancelled by someone, banked or used by a make-up. */
function isHistory() {
  return sql<boolean>`(${lessons.attendanceTakenAt} is not null
    or (${lessons.status} = 'cancelled' and ${lessons.holidayId} is null)
    or exists (select 1 from ${makeupCredits} c where c.lesson_id = ${lessons.id} or c.used_lesson_id = ${lessons.id}))`;
}

/** Lessons a series change may replace: not history, not changed on their own. */
function unkept() {
  return and(sql`not ${isHistory()}`, eq(lessons.detached, false));
}

async function removeUnkeptFrom(tx: Tx, seriesId: string, from: Date) {
  return tx.delete(lessons).where(and(eq(lessons.seriesId, seriesId), gte(lessons.occurrenceStart, from), unkept())).returning({ id: lessons.id });
}

async function partsOf(tx: Tx, row: LessonView): Promise<LessonParts> {
  const own = await tx.select({ id: lessonStudents.studentId }).from(lessonStudents).where(eq(lessonStudents.lessonId, row.id));
  const input: LessonPartsInput = {
    teacherId: row.teacherId, lessonTypeId: row.lessonTypeId, roomId: row.roomId, classGroupId: row.classGroupId,
    studentIds: row.classGroupId ? [] : own.map((s) => s.id),
  };
  const everyStudentId = row.classGroupId ? await membersOfGroup(tx, row.classGroupId) : input.studentIds;
  return { ...input, kind: row.classGroupId ? 'class_group' : 'private', everyStudentId };
}

/** A private lesson's students follow the form; a student who stays keeps their attendance. */
async function replaceStudents(tx: Tx, adminId: string, lessonId: string, studentIds: string[]) {
  const current = await tx.select({ id: lessonStudents.studentId }).from(lessonStudents).where(eq(lessonStudents.lessonId, lessonId));
  const gone = current.map((c) => c.id).filter((id) => !studentIds.includes(id));
  const added = studentIds.filter((id) => !current.some((c) => c.id === id));
  if (gone.length > 0) await tx.delete(lessonStudents).where(and(eq(lessonStudents.lessonId, lessonId), inArray(lessonStudents.studentId, gone), isNull(lessonStudents.attendance)));
  if (added.length > 0) await tx.insert(lessonStudents).values(added.map((studentId) => ({ adminId, lessonId, studentId }))).onConflictDoNothing();
}
