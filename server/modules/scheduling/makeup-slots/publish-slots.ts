import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessonTypes, makeupSlots, rooms, users } from '../../../db/schema/index.js';
import { AppError, fieldError, forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayPublishSlot, mayScheduleLessons } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type makeupSlotForm } from '../../../../shared/contracts/scheduling.js';
import { assertNoClashes } from '../lessons/find-clashes.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { addMinutes } from '../time/wall-clock.js';
import { bookedCount, presentSlot, selectSlots, slotOfSchool } from './slot-rows.js';
import { toInstant } from '../../../../shared/school-clock.js';

/**
 * Publishes an open make-up slot (decision 028): staff for any teacher of the school, a teacher
 * for themself; a private lesson type; in the future; the teacher and the room free then.
 */
export async function addMakeupSlot(tx: Tx, actor: Actor, input: z.output<typeof makeupSlotForm>, now = new Date()) {
  if (!mayScheduleLessons(actor)) throw forbidden();
  if (!mayPublishSlot(actor, input.teacherId)) throw forbidden(M.onlyOwnLessons);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const adminId = school.adminId;

  const [type] = await tx.select({ kind: lessonTypes.kind }).from(lessonTypes)
    .where(and(eq(lessonTypes.id, input.lessonTypeId), eq(lessonTypes.adminId, adminId)));
  if (!type) throw fieldError('lessonTypeId', M.lessonTypeNotFound);
  const [teacher] = await tx.select({ role: users.role, addrole: users.addrole }).from(users)
    .where(and(eq(users.id, input.teacherId), eq(users.adminId, adminId), eq(users.status, true)));
  if (!teacher || !(teacher.role === 'teacher' || (teacher.role === 'admin' && teacher.addrole === 'Private teacher'))) {
    throw fieldError('teacherId', M.teacherNotInSchool);
  }
  if (input.roomId) {
    const [room] = await tx.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.id, input.roomId), eq(rooms.adminId, adminId)));
    if (!room) throw fieldError('roomId', M.roomNotInSchool);
  }
  if (type.kind !== 'private') throw fieldError('lessonTypeId', M.makeupPrivateOnly);

  const startsAt = toInstant(input.date, input.startTime, school.timeZone);
  if (startsAt <= now) throw new AppError(400, M.slotInPast, { date: M.slotInPast, startTime: M.slotInPast });
  const endsAt = addMinutes(startsAt, input.durationMinutes);
  await assertNoClashes(tx, [{ startsAt, endsAt }], {
    adminId, timeZone: school.timeZone, teacherId: input.teacherId, roomId: input.roomId, studentIds: [], excludeLessonIds: [], allowRoomConflict: false,
  });
  const [slot] = await tx.insert(makeupSlots).values({
    adminId, teacherId: input.teacherId, lessonTypeId: input.lessonTypeId, roomId: input.roomId, startsAt, endsAt, capacity: input.capacity, createdBy: actor.id,
  }).returning({ id: makeupSlots.id });
  const [row] = await selectSlots(tx, slotOfSchool(actor, slot!.id), 1);
  return presentSlot(row!, actor, school.timeZone);
}

/** Removes a slot nobody has booked (staff any, a teacher their own; another's is not found). */
export async function removeMakeupSlot(tx: Tx, actor: Actor, id: string) {
  if (!mayScheduleLessons(actor)) throw forbidden();
  const [locked] = await tx.select({ id: makeupSlots.id }).from(makeupSlots).where(slotOfSchool(actor, id)).for('update');
  const [slot] = locked ? await tx.select({ teacherId: makeupSlots.teacherId, booked: bookedCount }).from(makeupSlots).where(eq(makeupSlots.id, locked.id)) : [];
  if (!slot || !mayPublishSlot(actor, slot.teacherId)) throw notFound(M.slotNotFound);
  if (slot.booked > 0) throw new AppError(409, M.slotHasBookings);
  await tx.delete(makeupSlots).where(slotOfSchool(actor, id));
  return { _id: id };
}
