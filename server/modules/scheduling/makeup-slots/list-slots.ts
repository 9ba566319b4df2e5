import { and, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { makeupSlots } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import type { makeupSlotListBody } from '../../../../shared/contracts/scheduling.js';
import { childrenOfParent, teachersOfStudent } from '../../relations/index.js';
import { assertMayViewStudent, requireScope } from '../lessons/lesson-scope.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { bookedCount, presentSlot, selectSlots, slotClosed, slotLesson } from './slot-rows.js';

type SlotQuery = z.output<typeof makeupSlotListBody>;

/**
 * The make-up slots an actor sees (decision 028). Staff: the school's coming slots; a teacher:
 * their own. A family: the open ones it may book: of the student's own teachers, at least the
 * notice window ahead, with a place left, not booked already (a parent: their children's, or
 * the one child named).
 */
export async function listMakeupSlots(tx: Tx, actor: Actor, q: SlotQuery, now = new Date()) {
  const scope = requireScope(actor);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const base = and(eq(makeupSlots.adminId, school.adminId), gt(makeupSlots.endsAt, now));
  let where: SQL | undefined;
  if (scope === 'school') where = and(base, q.teacherId ? eq(makeupSlots.teacherId, q.teacherId) : undefined);
  else if (scope === 'teacher') where = and(base, eq(makeupSlots.teacherId, actor.id));
  else {
    if (q.studentId) await assertMayViewStudent(tx, actor, scope, q.studentId);
    const students = q.studentId ? [q.studentId] : scope === 'student' ? [actor.id] : await childrenOf(tx, actor.id);
    if (students.length === 0) return { results: [], timeZone: school.timeZone };
    const noticeFrom = new Date(now.getTime() + school.settings.noticeHours * 3_600_000);
    where = and(
      base, gte(makeupSlots.startsAt, noticeFrom), lt(bookedCount, makeupSlots.capacity), sql`not ${slotClosed}`,
      q.teacherId ? eq(makeupSlots.teacherId, q.teacherId) : undefined,
      sql`(${sql.join(students.map((id) => sql`("makeup_slots"."teacher_id" in ${teachersOfStudent(id)}
        and not exists (select 1 from lesson_students ls where ls.lesson_id = ${slotLesson} and ls.student_id = ${id}))`), sql` or `)})`,
    );
  }
  const rows = await selectSlots(tx, where);
  return { results: rows.map((r) => presentSlot(r, actor, school.timeZone)), timeZone: school.timeZone };
}

async function childrenOf(tx: Tx, parentId: string): Promise<string[]> {
  const { rows } = (await tx.execute(sql`select c.id from ${childrenOfParent(parentId)} c(id)`)) as unknown as { rows: { id: string }[] };
  return rows.map((r) => r.id);
}
