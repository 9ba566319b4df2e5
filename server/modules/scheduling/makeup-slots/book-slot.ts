import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessonStudents, makeupSlots, users } from '../../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayPublishSlot, slotOpenToFamilies } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type bookMakeupSlotBody } from '../../../../shared/contracts/scheduling.js';
import { teachersOfStudent } from '../../relations/index.js';
import { assertUsable, findVisibleCredit, makeMakeupLesson } from '../credits/book-makeup.js';
import type { LessonParts } from '../lessons/lesson-parts.js';
import { requireScope } from '../lessons/lesson-scope.js';
import { tellFamilies } from '../notices/tell-families.js';
import { tellTeachers } from '../notices/tell-teachers.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { bookedCount, slotClosed, slotOfSchool } from './slot-rows.js';

/**
 * Books a make-up into an open slot with a credit (decision 028): a student for themself, a
 * parent for their child, staff and the slot's teacher for any student whose credit they see.
 * The slot's row is locked first, so its capacity holds when many book at once; the lesson is
 * made (or joined) and the credit spent by the same code as staff's bookMakeup, exactly once.
 */
export async function bookMakeupSlot(tx: Tx, actor: Actor, input: z.output<typeof bookMakeupSlotBody>, appUrl: string, now = new Date()) {
  const scope = requireScope(actor);
  // Lock first, then count in a statement of its own: a statement that waited for the lock still
  // reads its subqueries from before the wait (read committed), and would miss the booking it waited on.
  const [locked] = await tx.select({ id: makeupSlots.id }).from(makeupSlots).where(slotOfSchool(actor, input.slotId)).for('update');
  if (!locked) throw notFound(M.slotNotFound);
  const [slot] = await tx.select({ slot: makeupSlots, booked: bookedCount, closed: slotClosed }).from(makeupSlots).where(eq(makeupSlots.id, locked.id));
  if (!slot) throw notFound(M.slotNotFound);
  const s = slot.slot;
  if (scope === 'teacher' && !mayPublishSlot(actor, s.teacherId)) throw notFound(M.slotNotFound);

  const credit = await findVisibleCredit(tx, actor, scope, input.creditId);
  const family = scope === 'student' || scope === 'parent';
  if (family) {
    const { rows } = await tx.execute(sql`select ${s.teacherId}::uuid in ${teachersOfStudent(credit.studentId)} as own`);
    if (rows[0]?.own !== true) throw notFound(M.slotNotFound);
  }
  await assertUsable(tx, credit.id, now);

  const school = await loadSchoolSchedule(tx, actor.adminId);
  if (s.startsAt <= now) throw conflict(M.slotInPast);
  if (family && !slotOpenToFamilies(s.startsAt, now, school.settings.noticeHours)) throw conflict(M.slotTooSoon(school.settings.noticeHours));
  if (s.lessonId) {
    const [already] = await tx.select({ id: lessonStudents.studentId }).from(lessonStudents)
      .where(and(eq(lessonStudents.lessonId, s.lessonId), eq(lessonStudents.studentId, credit.studentId)));
    if (already) throw conflict(M.slotAlreadyBooked);
  }
  if (slot.closed || slot.booked >= s.capacity) throw conflict(M.slotFull);
  const [teacher] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.id, s.teacherId), eq(users.adminId, school.adminId), eq(users.status, true)));
  if (!teacher) throw new AppError(409, M.teacherNotInSchool);

  const parts: LessonParts = {
    teacherId: s.teacherId, lessonTypeId: s.lessonTypeId, roomId: s.roomId, classGroupId: null,
    studentIds: [credit.studentId], everyStudentId: [credit.studentId], kind: 'private',
  };
  const lessonId = await makeMakeupLesson(tx, school, credit, parts, {
    startsAt: s.startsAt, endsAt: s.endsAt, allowRoomConflict: false, joinLessonId: s.lessonId,
  }, now);
  if (!s.lessonId) await tx.update(makeupSlots).set({ lessonId }).where(eq(makeupSlots.id, s.id));
  // The family hears of it as of a make-up the office books: the booker's confirmation, and their parents' news.
  await tellFamilies(tx, school, appUrl, { kind: 'makeup', lessons: [{ studentIds: [credit.studentId], lessonTypeId: s.lessonTypeId, startsAt: s.startsAt, lessonId }] }, now);
  // The slot's teacher hears who now comes (unless they booked it themself).
  await tellTeachers(tx, school, actor, appUrl, { kind: 'makeup', lessons: [{ teacherId: s.teacherId, studentIds: [credit.studentId], lessonTypeId: s.lessonTypeId, startsAt: s.startsAt }] }, now);
  return { _id: lessonId, creditId: credit.id, slotId: s.id };
}
