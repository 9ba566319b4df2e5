import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents, lessonTypes, makeupCredits } from '../../../db/schema/index.js';
import { conflict, fieldError, forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule, mayScheduleLessons, type LessonScope } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type bookMakeupBody } from '../../../../shared/contracts/scheduling.js';
import { clashCheck, insertLesson } from '../lessons/add-lesson.js';
import { visibleCredits } from './credits.js';
import { assertNoClashes } from '../lessons/find-clashes.js';
import { checkLessonParts, type LessonParts } from '../lessons/lesson-parts.js';
import { requireScope } from '../lessons/lesson-scope.js';
import { loadSchoolSchedule, type SchoolSchedule } from '../time/school-schedule.js';
import { tellFamilies } from '../notices/tell-families.js';
import { addMinutes } from '../time/wall-clock.js';
import { toInstant } from '../../../../shared/school-clock.js';

type BookInput = z.output<typeof bookMakeupBody>;

/** Staff (or the teacher) book a make-up lesson from a credit, at a time they choose. */
export async function bookMakeup(tx: Tx, actor: Actor, input: BookInput, appUrl: string, now = new Date()) {
  if (!mayScheduleLessons(actor)) throw forbidden();
  const credit = await findVisibleCredit(tx, actor, requireScope(actor), input.creditId);
  await assertUsable(tx, credit.id, now);

  const school = await loadSchoolSchedule(tx, actor.adminId);
  const [type] = await tx.select({ kind: lessonTypes.kind }).from(lessonTypes)
    .where(and(eq(lessonTypes.id, input.lessonTypeId), eq(lessonTypes.adminId, school.adminId)));
  if (type && type.kind !== 'private') throw fieldError('lessonTypeId', M.makeupPrivateOnly);
  const parts = await checkLessonParts(tx, actor, school.adminId, {
    teacherId: input.teacherId, lessonTypeId: input.lessonTypeId, roomId: input.roomId, studentIds: [credit.studentId], classGroupId: null,
  });
  const startsAt = toInstant(input.date, input.startTime, school.timeZone);
  const endsAt = addMinutes(startsAt, input.durationMinutes);
  const lessonId = await makeMakeupLesson(tx, school, credit, parts, { startsAt, endsAt, allowRoomConflict: input.allowRoomConflict && mayRunSchedule(actor) }, now);
  await tellFamilies(tx, school, appUrl, { kind: 'makeup', lessons: [{ studentIds: [credit.studentId], lessonTypeId: input.lessonTypeId, startsAt, lessonId }] }, now);
  return { _id: lessonId, creditId: credit.id };
}

/** A credit the actor may see (staff: the school's; a teacher: of their lessons; a family: its own), or 404. */
export async function findVisibleCredit(tx: Tx, actor: Actor, scope: LessonScope, creditId: string) {
  const [credit] = await tx.select({ id: makeupCredits.id, studentId: makeupCredits.studentId }).from(makeupCredits)
    .innerJoin(lessons, eq(lessons.id, makeupCredits.lessonId))
    .where(and(eq(makeupCredits.id, creditId), visibleCredits(actor, scope)));
  if (!credit) throw notFound(M.creditNotFound);
  return credit;
}

export type MakeupPlace = {
  startsAt: Date;
  endsAt: Date;
  allowRoomConflict: boolean;
  /** A make-up lesson the student joins (an open slot's, once booked) instead of a new one. */
  joinLessonId?: string | null;
};

/**
 * The one way a credit becomes a make-up lesson (staff's booking and a slot's, decision 028):
 * clash-checked, the lesson made (or joined), and the credit spent by one conditional UPDATE in
 * the same transaction. Of two bookings at once, the second finds the credit no longer available
 * (PostgreSQL re-checks the row after the first commits) and rolls its lesson back.
 */
export async function makeMakeupLesson(
  tx: Tx, school: SchoolSchedule, credit: { id: string; studentId: string }, parts: LessonParts, place: MakeupPlace, now: Date,
): Promise<string> {
  await assertUsable(tx, credit.id, now);
  const join = place.joinLessonId ?? null;
  await assertNoClashes(tx, [place], clashCheck(school, parts, join ? [join] : [], place.allowRoomConflict));
  let lessonId = join;
  if (lessonId) await tx.insert(lessonStudents).values({ adminId: school.adminId, lessonId, studentId: credit.studentId });
  else lessonId = await insertLesson(tx, school.adminId, parts, { startsAt: place.startsAt, endsAt: place.endsAt, notes: '' });

  const [spent] = await tx.update(makeupCredits).set({ status: 'used', usedLessonId: lessonId })
    .where(and(eq(makeupCredits.id, credit.id), eq(makeupCredits.status, 'available'), gt(makeupCredits.expiresAt, now)))
    .returning({ id: makeupCredits.id });
  if (!spent) {
    await assertUsable(tx, credit.id, now);
    throw conflict(M.creditUsed);
  }
  return lessonId;
}

/** Why a credit cannot be spent: used, expired, or taken back (a closure was lifted). */
export async function assertUsable(tx: Tx, id: string, now: Date) {
  const [row] = await tx.select({ status: makeupCredits.status, expired: sql<boolean>`${makeupCredits.expiresAt} <= ${now}` })
    .from(makeupCredits).where(eq(makeupCredits.id, id));
  if (!row || row.status === 'revoked') throw notFound(M.creditNotFound);
  if (row.status === 'used') throw conflict(M.creditUsed);
  if (row.expired) throw conflict(M.creditExpired);
}
