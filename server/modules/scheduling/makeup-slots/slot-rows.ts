import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonTypes, makeupSlots, rooms, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { mayPublishSlot } from '../../../policies/scheduling.js';
import type { MakeupSlotItem } from '../../../../shared/contracts/scheduling.js';
import { isoInZone } from '../../../../shared/school-clock.js';

/** The slot's lesson, named with its table (drizzle leaves a lone table's columns unqualified, and lesson_students has one too). */
export const slotLesson = sql.raw('"makeup_slots"."lesson_id"');

/** How many students booked a slot: its make-up lesson's students, while that lesson stands. */
export const bookedCount = sql<number>`coalesce((select count(*) from lesson_students ls join lessons l on l.id = ls.lesson_id
  where ls.lesson_id = ${slotLesson} and l.status = 'scheduled'), 0)::int`;

/** Whether the slot's make-up lesson was cancelled or deleted since (then nobody books it). */
export const slotClosed = sql<boolean>`exists (select 1 from lessons l where l.id = ${slotLesson} and l.status <> 'scheduled')`;

/** The slots of `where`, soonest first, with their teacher, lesson type, room and bookings. */
export async function selectSlots(tx: Tx, where: SQL | undefined, limit = 200) {
  return tx.select({
    slot: makeupSlots, booked: bookedCount, teacherFirst: users.firstName, teacherLast: users.lastName,
    typeName: lessonTypes.name, roomName: rooms.roomName,
  }).from(makeupSlots)
    .innerJoin(users, eq(users.id, makeupSlots.teacherId))
    .innerJoin(lessonTypes, eq(lessonTypes.id, makeupSlots.lessonTypeId))
    .leftJoin(rooms, eq(rooms.id, makeupSlots.roomId))
    .where(where)
    .orderBy(makeupSlots.startsAt, makeupSlots.id)
    .limit(limit);
}

type SlotRow = Awaited<ReturnType<typeof selectSlots>>[number];

/** A slot as the JSON of docs/domains/scheduling.md, in the school's zone. */
export function presentSlot(r: SlotRow, actor: Actor, zone: string): MakeupSlotItem {
  const s = r.slot;
  return {
    _id: s.id,
    teacher: { _id: s.teacherId, first_name: r.teacherFirst, last_name: r.teacherLast },
    lesson_type: { _id: s.lessonTypeId, name: r.typeName },
    room: s.roomId && r.roomName !== null ? { _id: s.roomId, roomName: r.roomName } : null,
    start: isoInZone(s.startsAt, zone),
    end: isoInZone(s.endsAt, zone),
    durationMinutes: Math.round((s.endsAt.getTime() - s.startsAt.getTime()) / 60_000),
    capacity: s.capacity,
    booked: r.booked,
    lessonId: s.lessonId,
    canRemove: r.booked === 0 && mayPublishSlot(actor, s.teacherId),
  };
}

/** The school's slot `id`, or none. */
export function slotOfSchool(actor: Pick<Actor, 'adminId'>, id: string): SQL {
  return and(eq(makeupSlots.id, id), eq(makeupSlots.adminId, actor.adminId ?? '00000000-0000-0000-0000-000000000000'))!;
}
