import { and, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents } from '../../../db/schema/index.js';
import { conflict, forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { childrenOfParent } from '../../relations/index.js';
import { mayRunSchedule } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type BankOutcome, type CancelAnswer, type lessonCancelBody } from '../../../../shared/contracts/scheduling.js';
import { grantCredits } from './grant-credits.js';
import { assertSlotStillFree } from '../lessons/free-slot.js';
import { loadLesson, loadLessonToEdit } from '../lessons/lesson-access.js';
import { visibleLessons } from '../lessons/lesson-scope.js';
import { studentsOfLessons } from '../lessons/lesson-students.js';
import { revokeUnusedCredits } from './revoke-credits.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { endSeriesBefore, occurrenceOf } from '../lessons/end-series.js';
import { tellFamilies } from '../notices/tell-families.js';
import { tellTeachers } from '../notices/tell-teachers.js';

type CancelInput = z.output<typeof lessonCancelBody>;

/**
 * Cancel "this lesson" or "this and following" of a series, and bank it: each student gets a
 * make-up credit if the school's rules allow, or by hand when staff grant it anyway. A family
 * cancels its own private lesson ahead of time, and the notice window alone decides its credit.
 */
export async function cancelLesson(tx: Tx, actor: Actor, input: CancelInput, appUrl: string, now = new Date()): Promise<CancelAnswer & { banked: boolean }> {
  const { row, scope, rights } = await loadLesson(tx, actor, input.id, false, now);
  const family = scope === 'student' || scope === 'parent';
  if (!rights.canCancel) throw forbidden();
  if (input.grantAnyway && !mayRunSchedule(actor)) throw forbidden();
  if (family && (input.scope !== 'this' || row.startsAt <= now)) throw forbidden();
  if (row.status === 'cancelled') throw conflict(M.lessonAlreadyCancelled);
  if (family && (await sharedWithOthers(tx, actor, row.id))) throw forbidden(M.familyCancelShared);

  const school = await loadSchoolSchedule(tx, actor.adminId);
  const following = input.scope === 'following' && row.seriesId !== null;
  const occurrence = following ? await occurrenceOf(tx, row) : null;
  // Cancelled from here on: the rule ends, so the extend job makes no new lessons of it.
  if (occurrence) await endSeriesBefore(tx, row.seriesId!, occurrence.local);
  const cancelled = await tx.update(lessons)
    .set({ status: 'cancelled', cancelReason: input.cancelReason, cancelledAt: now, updatedAt: now })
    .where(and(
      eq(lessons.status, 'scheduled'),
      following
        ? and(eq(lessons.seriesId, row.seriesId!), gte(lessons.occurrenceStart, occurrence!.start), visibleLessons(actor, scope))
        : eq(lessons.id, row.id),
    ))
    .returning({ id: lessons.id, startsAt: lessons.startsAt, classGroupId: lessons.classGroupId, lessonTypeId: lessons.lessonTypeId, teacherId: lessons.teacherId });
  // A concurrent cancel of the same lesson got there first.
  if (!cancelled.some((l) => l.id === row.id)) throw conflict(M.lessonAlreadyCancelled);

  const bank: BankOutcome[] = [];
  const students = await studentsOfLessons(tx, cancelled);
  if (input.bank || family) {
    const byHand = input.grantAnyway && mayRunSchedule(actor);
    cancelled.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (const lesson of cancelled) bank.push(...(await grantCredits(tx, school, lesson, students.get(lesson.id)!, { byHand, now })));
  }
  // The families hear of it once, however many lessons of a series it took (issue 10).
  await tellFamilies(tx, school, appUrl, {
    kind: 'cancelled', following, reason: input.cancelReason,
    lessons: cancelled.map((l) => ({ studentIds: students.get(l.id)!, lessonTypeId: l.lessonTypeId, startsAt: l.startsAt, lessonId: l.id })),
  }, now);
  // And the teacher, when a family or the office cancelled their lesson (issue 28): every caller of the cancel, the parent's calendar too.
  await tellTeachers(tx, school, actor, appUrl, {
    kind: 'cancelled', following,
    lessons: cancelled.map((l) => ({ teacherId: l.teacherId, studentIds: students.get(l.id)!, lessonTypeId: l.lessonTypeId, startsAt: l.startsAt })),
  }, now);
  // "Banked" only when someone got a credit; otherwise the outcomes say why not.
  return { cancelled: cancelled.length, bank, banked: bank.some((b) => b.credited) };
}

/**
 * Back on the calendar if its slot is still free; the credits it gave and nobody used are taken
 * back; the family hears it is on again (issue 10, "Families are told").
 */
export async function restoreLesson(tx: Tx, actor: Actor, id: string, appUrl: string, now = new Date()) {
  const { row } = await loadLessonToEdit(tx, actor, id);
  if (row.status !== 'cancelled') throw conflict(M.lessonNotCancelled);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  await assertSlotStillFree(tx, school, row);
  await tx.update(lessons).set({ status: 'scheduled', cancelReason: null, cancelledAt: null, holidayId: null, updatedAt: now })
    .where(and(eq(lessons.id, row.id), sql`${lessons.status} = 'cancelled'`));
  await revokeUnusedCredits(tx, [row.id]);
  const students = await studentsOfLessons(tx, [row]);
  await tellFamilies(tx, school, appUrl, {
    kind: 'restored', lessons: [{ studentIds: students.get(row.id)!, lessonTypeId: row.lessonTypeId, startsAt: row.startsAt, lessonId: row.id }],
  }, now);
  return { _id: row.id };
}

/** A family cancels only a lesson of its own: not one it shares with students of other families. */
export async function sharedWithOthers(tx: Tx, actor: Actor, lessonId: string): Promise<boolean> {
  const mine = actor.role === 'parent'
    ? childrenOfParent(actor.id)
    : sql`(select ${actor.id}::uuid)`;
  const [other] = await tx.select({ id: lessonStudents.studentId }).from(lessonStudents)
    .where(and(eq(lessonStudents.lessonId, lessonId), sql`${lessonStudents.studentId} not in ${mine}`)).limit(1);
  return other !== undefined;
}
