import { and, asc, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons } from '../../../db/schema/index.js';
import { childrenOfParent } from '../../relations/index.js';
import type { UpcomingLesson, upcomingLessonsBody } from '../../../../shared/contracts/scheduling.js';
import { attendedBy, assertMayViewStudent, requireScope, startsAfterFor, visibleLessons } from './lesson-scope.js';
import { loadRosters, selectLessons } from './lesson-rows.js';
import { presentEvent } from './presenter.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import type { Actor } from '../../../lib/actor.js';
import { isoInZone } from '../../../../shared/school-clock.js';

type UpcomingQuery = z.output<typeof upcomingLessonsBody>;

/**
 * The next lessons of the caller's calendar (a parent may name one child), from now on;
 * cancelled ones stay in the list, marked, so a family sees what will not happen.
 */
export async function listUpcomingLessons(tx: Tx, actor: Actor, q: UpcomingQuery, now = new Date()): Promise<{ results: UpcomingLesson[] }> {
  const scope = requireScope(actor);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  if (q.studentId) await assertMayViewStudent(tx, actor, scope, q.studentId);
  const where = and(visibleLessons(actor, scope), gt(lessons.endsAt, now), gt(lessons.startsAt, startsAfterFor(now)), q.studentId ? attendedBy(sql`(${q.studentId}::uuid)`) : undefined);
  const rows = await selectLessons(tx, where).orderBy(asc(lessons.startsAt), asc(lessons.id)).limit(q.limit);
  const rosters = await loadRosters(tx, rows);
  const whose = new Set(await studentsOfInterest(tx, actor, scope, q.studentId));
  return {
    results: rows.map((row) => {
      const roster = rosters.get(row.id) ?? [];
      const event = presentEvent(row, actor.seesLessonDetail ? roster : [], school.timeZone, { detail: actor.seesLessonDetail, canEdit: false, canCancel: false });
      const student = roster.find((e) => whose.has(e.studentId));
      return {
        _id: row.id,
        start: event.start,
        end: isoInZone(row.endsAt, school.timeZone),
        title: event.title,
        room: row.roomName,
        cancelled: row.status === 'cancelled',
        student: student ? { _id: student.studentId, first_name: student.firstName, last_name: student.lastName } : null,
      };
    }),
  };
}

/** Whose lesson each row is said to be: the named student, oneself, or one's children. */
async function studentsOfInterest(tx: Tx, actor: Actor, scope: string, studentId?: string): Promise<string[]> {
  if (studentId) return [studentId];
  if (scope === 'student') return [actor.id];
  if (scope !== 'parent') return [];
  const { rows } = await tx.execute(sql`select c.id from ${childrenOfParent(actor.id)} as c(id)`);
  return rows.map((r) => String(r.id));
}
