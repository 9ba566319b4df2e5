import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { holidays, lessons } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { likePattern } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { SCHEDULING_MESSAGES as M, type holidayForm, type holidayListBody } from '../../../../shared/contracts/scheduling.js';
import { grantCredits } from '../credits/grant-credits.js';
import { studentsOfLessons } from '../lessons/lesson-students.js';
import { closureOn, closuresBetween, holidayReason } from '../lessons/materialize-series.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { revokeUnusedCredits } from '../credits/revoke-credits.js';
import { isSlotStillFree } from '../lessons/free-slot.js';
import { presentHoliday } from './setup-presenter.js';
import { setupSchoolOf } from './setup-access.js';
import { tellFamilies } from '../notices/tell-families.js';
import { tellTeachers } from '../notices/tell-teachers.js';
import { startOfLocalDay, wallClockOf } from '../../../../shared/school-clock.js';

// Qualified by hand: Drizzle names a one-table select's columns bare, and a bare "id" here would be the lesson's.
const lessonsCancelled = sql<number>`(select count(*) from lessons l where l.holiday_id = "holidays"."id" and l.status = 'cancelled')`.mapWith(Number);

export async function listHolidays(tx: Tx, actor: Actor, q: z.output<typeof holidayListBody>) {
  const adminId = setupSchoolOf(actor, false);
  const where = and(eq(holidays.adminId, adminId), q.search ? ilike(holidays.name, likePattern(q.search)) : undefined);
  const direction = q.orderBy === -1 ? desc : asc;
  const rows = await tx.select({ holiday: holidays, lessonsCancelled, total: totalRows }).from(holidays).where(where)
    .orderBy(direction(q.sortBy === 'startsOn' ? holidays.startsOn : holidays.createdAt), direction(holidays.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(holidays).where(where))[0]?.n ?? 0);
  return toListResult(rows.map((r) => presentHoliday({ ...r.holiday, lessonsCancelled: r.lessonsCancelled })), total, q);
}

/**
 * A closure: every scheduled lesson on its school-local days (whose attendance is not taken) is cancelled (and banked for its
 * students when the school says so). Occurrences made later skip it too (materialize-series.ts).
 */
export async function addHoliday(tx: Tx, actor: Actor, f: z.output<typeof holidayForm>, appUrl: string, now = new Date()) {
  const school = await loadSchoolSchedule(tx, setupSchoolOf(actor, true));
  const [holiday] = await tx.insert(holidays).values({ adminId: school.adminId, ...f }).returning();
  const dayAfter = DateTime.fromISO(f.endsOn).plus({ days: 1 }).toISODate()!;
  const cancelled = await tx.update(lessons)
    .set({ status: 'cancelled', cancelReason: holidayReason(holiday!), cancelledAt: now, holidayId: holiday!.id, updatedAt: now })
    .where(and(
      eq(lessons.adminId, school.adminId), eq(lessons.status, 'scheduled'), isNull(lessons.attendanceTakenAt),
      gte(lessons.startsAt, startOfLocalDay(f.startsOn, school.timeZone)), lt(lessons.startsAt, startOfLocalDay(dayAfter, school.timeZone)),
    ))
    .returning({ id: lessons.id, startsAt: lessons.startsAt, classGroupId: lessons.classGroupId, lessonTypeId: lessons.lessonTypeId, teacherId: lessons.teacherId });
  const students = await studentsOfLessons(tx, cancelled);
  if (f.bankLessons) {
    for (const lesson of cancelled) await grantCredits(tx, school, lesson, students.get(lesson.id)!, { byHand: true, now });
  }
  // One email a person for the whole closure, listing their lessons it cancels (issue 10).
  await tellFamilies(tx, school, appUrl, {
    kind: 'closure', reason: holidayReason(holiday!),
    lessons: cancelled.map((l) => ({ studentIds: students.get(l.id)!, lessonTypeId: l.lessonTypeId, startsAt: l.startsAt })),
  }, now);
  // And each teacher whose lessons it cancels, once for all of them (docs/decisions/091-everyone-told-through-the-routes.md).
  await tellTeachers(tx, school, actor, appUrl, {
    kind: 'closure', reason: holidayReason(holiday!),
    lessons: cancelled.map((l) => ({ teacherId: l.teacherId, studentIds: students.get(l.id)!, lessonTypeId: l.lessonTypeId, startsAt: l.startsAt })),
  }, now);
  return presentHoliday({ ...holiday!, lessonsCancelled: cancelled.length });
}

/**
 * The school opens again: the lessons it cancelled come back, and their unused credits go. A
 * lesson on a day another closure also covers stays cancelled, now by that closure; one whose
 * slot was booked while the school was closed stays cancelled (it is not double-booked). Each
 * family hears once of its lessons that come back (issue 10).
 */
export async function removeHoliday(tx: Tx, actor: Actor, id: string, appUrl: string, now = new Date()) {
  const school = await loadSchoolSchedule(tx, setupSchoolOf(actor, true));
  const [holiday] = await tx.select().from(holidays).where(and(eq(holidays.id, id), eq(holidays.adminId, school.adminId)));
  if (!holiday) throw notFound(M.holidayNotFound);
  const affected = await tx.select({
    id: lessons.id, startsAt: lessons.startsAt, endsAt: lessons.endsAt, teacherId: lessons.teacherId, roomId: lessons.roomId, classGroupId: lessons.classGroupId,
    lessonTypeId: lessons.lessonTypeId,
  }).from(lessons)
    .where(and(eq(lessons.holidayId, id), eq(lessons.status, 'cancelled')));
  // Its lessons' holiday_id is set null by the foreign key: they were read first.
  await tx.delete(holidays).where(eq(holidays.id, id));
  const others = await closuresBetween(tx, school.adminId, holiday.startsOn, holiday.endsOn);
  const restored: string[] = [];
  for (const lesson of affected) {
    const other = closureOn(others, wallClockOf(lesson.startsAt, school.timeZone).date);
    if (!other) {
      if (await isSlotStillFree(tx, school, lesson)) restored.push(lesson.id);
      continue;
    }
    await tx.update(lessons).set({ holidayId: other.id, cancelReason: holidayReason(other), updatedAt: now }).where(eq(lessons.id, lesson.id));
    if (!other.bankLessons) await revokeUnusedCredits(tx, [lesson.id]);
  }
  if (restored.length > 0) {
    await tx.update(lessons).set({ status: 'scheduled', cancelReason: null, cancelledAt: null, holidayId: null, updatedAt: now })
      .where(inArray(lessons.id, restored));
    await revokeUnusedCredits(tx, restored);
    const back = affected.filter((l) => restored.includes(l.id));
    const students = await studentsOfLessons(tx, back);
    await tellFamilies(tx, school, appUrl, {
      kind: 'reopened', reason: `Closure removed: ${holiday.name}`,
      lessons: back.map((l) => ({ studentIds: students.get(l.id)!, lessonTypeId: l.lessonTypeId, startsAt: l.startsAt })),
    }, now);
  }
  return { restored: restored.length };
}
