import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonTypes, makeupCredits } from '../../../db/schema/index.js';
import { conflict, fieldError, forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule, mayScheduleLessons } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type bookMakeupBody } from '../../../../shared/contracts/scheduling.js';
import { clashCheck, insertLesson } from '../lessons/add-lesson.js';
import { visibleCredits } from './credits.js';
import { assertNoClashes } from '../lessons/find-clashes.js';
import { checkLessonParts } from '../lessons/lesson-parts.js';
import { requireScope } from '../lessons/lesson-scope.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { tellFamilies } from '../notices/tell-families.js';
import { addMinutes, toInstant } from '../time/wall-clock.js';

type BookInput = z.output<typeof bookMakeupBody>;

/**
 * A make-up lesson from a credit. The credit is spent by one conditional UPDATE in the same
 * transaction as the lesson: of two bookings at once, the second finds it no longer available
 * (PostgreSQL re-checks the row after the first commits) and rolls its lesson back.
 */
export async function bookMakeup(tx: Tx, actor: Actor, input: BookInput, appUrl: string, now = new Date()) {
  if (!mayScheduleLessons(actor)) throw forbidden();
  const scope = requireScope(actor);
  const [credit] = await tx.select({ id: makeupCredits.id, studentId: makeupCredits.studentId }).from(makeupCredits)
    .innerJoin(lessons, eq(lessons.id, makeupCredits.lessonId))
    .where(and(eq(makeupCredits.id, input.creditId), visibleCredits(actor, scope)));
  if (!credit) throw notFound(M.creditNotFound);
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
  await assertNoClashes(tx, [{ startsAt, endsAt }], clashCheck(school, parts, [], input.allowRoomConflict && mayRunSchedule(actor)));
  const lessonId = await insertLesson(tx, school.adminId, parts, { startsAt, endsAt, notes: '' });

  const [spent] = await tx.update(makeupCredits).set({ status: 'used', usedLessonId: lessonId })
    .where(and(eq(makeupCredits.id, credit.id), eq(makeupCredits.status, 'available'), gt(makeupCredits.expiresAt, now)))
    .returning({ id: makeupCredits.id });
  if (!spent) {
    await assertUsable(tx, credit.id, now);
    throw conflict(M.creditUsed);
  }
  await tellFamilies(tx, school, appUrl, { kind: 'makeup', lessons: [{ studentIds: [credit.studentId], lessonTypeId: input.lessonTypeId, startsAt }] }, now);
  return { _id: lessonId, creditId: credit.id };
}

/** Why a credit cannot be spent: used, expired, or taken back (a closure was lifted). */
async function assertUsable(tx: Tx, id: string, now: Date) {
  const [row] = await tx.select({ status: makeupCredits.status, expired: sql<boolean>`${makeupCredits.expiresAt} <= ${now}` })
    .from(makeupCredits).where(eq(makeupCredits.id, id));
  if (!row || row.status === 'revoked') throw notFound(M.creditNotFound);
  if (row.status === 'used') throw conflict(M.creditUsed);
  if (row.expired) throw conflict(M.creditExpired);
}
