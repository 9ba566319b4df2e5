import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { rooms, users } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/http-errors.js';
import { LESSON_MINUTES_MAX } from '../../../../shared/contracts/scheduling.js';
import { attendeesOf } from '../../relations/index.js';
import { describeInstant } from '../../../../shared/school-clock.js';

export type Slot = { startsAt: Date; endsAt: Date };

export type ClashCheck = {
  adminId: string;
  timeZone: string;
  teacherId: string;
  roomId: string | null;
  /** The students the new lessons are for (a group's members for a group lesson). */
  studentIds: string[];
  /** Lessons being replaced by these slots: they cannot clash with themselves. */
  excludeLessonIds: string[];
  /** The room may be double-booked on purpose (staff only; the caller decides). */
  allowRoomConflict: boolean;
};

type ClashRow = { id: string; startsAt: Date; teacher: boolean; room: boolean; studentId: string | null };

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * Refuses slots where the teacher, the room or one of the students already has a scheduled
 * lesson, with a 409 whose message names the clash and when. One round trip for any number of
 * slots (a whole series is checked at once).
 */
export async function assertNoClashes(tx: Tx, slots: Slot[], check: ClashCheck): Promise<void> {
  if (slots.length === 0) return;
  await lockCalendars(tx, check);
  const ranges = JSON.stringify(slots.map((s) => ({ s: s.startsAt.toISOString(), e: s.endsAt.toISOString() })));
  const students = uuidArray(check.studentIds);
  const { rows } = (await tx.execute(sql`
    select * from (
      select l.id, l.starts_at as "startsAt",
        l.teacher_id = ${check.teacherId} as teacher,
        coalesce(l.room_id = ${check.roomId}::uuid, false) as room,
        (select a.student_id from ${attendeesOf({ id: sql`l.id`, classGroupId: sql`l.class_group_id` })} a(student_id)
          where a.student_id = any(${students}::uuid[]) limit 1) as "studentId"
      from lessons l
      join jsonb_to_recordset(${ranges}::jsonb) as slot(s timestamptz, e timestamptz)
        on l.starts_at < slot.e and l.ends_at > slot.s and l.starts_at > slot.s - make_interval(mins => ${LESSON_MINUTES_MAX})
      where l.admin_id = ${check.adminId} and l.status = 'scheduled'
        and not (l.id = any(${uuidArray(check.excludeLessonIds)}::uuid[]))
    ) found
    where teacher or room or "studentId" is not null
    order by (teacher or "studentId" is not null) desc, "startsAt"
    limit 1`)) as unknown as { rows: ClashRow[] };
  const first = rows.find((r) => r.teacher || r.studentId || (r.room && !check.allowRoomConflict));
  if (!first) return;
  const when = describeInstant(new Date(first.startsAt), check.timeZone);
  if (first.teacher) throw clash('teacherId', `${await nameOf(tx, check.teacherId)} already has a lesson on ${when}`);
  if (first.studentId) throw clash('studentIds', `${await nameOf(tx, first.studentId)} already has a lesson on ${when}`);
  const [room] = await tx.select({ name: rooms.roomName }).from(rooms).where(eq(rooms.id, check.roomId!));
  throw clash('roomId', `${room?.name ?? 'The room'} is already booked on ${when}`);
}

/**
 * Two identical bookings at the same moment must not both pass the check below: each takes a
 * transaction-scoped advisory lock per teacher, room and student first (decision 016), in one
 * stable order so two bookings never wait on each other in a circle. The second waits for the
 * first to commit, and its check (a new snapshot under read committed) then sees the first lesson.
 */
async function lockCalendars(tx: Tx, check: ClashCheck): Promise<void> {
  const ids = [check.teacherId, ...(check.roomId ? [check.roomId] : []), ...check.studentIds];
  await tx.execute(sql`select pg_advisory_xact_lock(${CLASH_LOCK_SPACE}, k) from (
    select distinct hashtext(id) as k from unnest(${uuidArray(ids)}::text[]) as id order by k) keys`);
}

/** The first key of the two-key advisory locks: lesson clashes (other uses pick another). */
const CLASH_LOCK_SPACE = 9_101;

function clash(field: string, message: string) {
  return new AppError(409, message, { [field]: message });
}

async function nameOf(tx: Tx, id: string): Promise<string> {
  const [u] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, id));
  return u ? `${u.first} ${u.last}` : 'Someone';
}
