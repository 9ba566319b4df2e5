import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons } from '../../../db/schema/index.js';
import { lessonRights, mayScheduleLessons } from '../../../policies/scheduling.js';
import type { EventsAnswer, getEventsBody } from '../../../../shared/contracts/scheduling.js';
import { attendedBy, assertMayViewStudent, requireScope, startsAfterFor, visibleLessons } from './lesson-scope.js';
import { loadRosters, selectLessons } from './lesson-rows.js';
import { presentEvent } from './presenter.js';
import { listClosuresInRange } from './closures-in-range.js';
import { loadSchoolSchedule, schoolHoursOf } from '../time/school-schedule.js';
import type { Actor } from '../../../lib/actor.js';
import { sql } from 'drizzle-orm';

type EventsQuery = z.output<typeof getEventsBody>;

/** A calendar window can hold no more lessons than this (a month of a large school fits). */
const EVENTS_MAX = 3000;

/** The lessons of the caller's calendar in a window, with the staff's filters; `now` is the school's (decision 067). */
export async function listEvents(tx: Tx, actor: Actor, q: EventsQuery, now = new Date()): Promise<EventsAnswer> {
  const scope = requireScope(actor);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  if (q.studentId) await assertMayViewStudent(tx, actor, scope, q.studentId);
  const staff = scope === 'school';
  const where = and(
    visibleLessons(actor, scope),
    lt(lessons.startsAt, new Date(q.end)),
    gt(lessons.endsAt, new Date(q.start)),
    gt(lessons.startsAt, startsAfterFor(new Date(q.start))),
    staff && q.teacherId ? eq(lessons.teacherId, q.teacherId) : undefined,
    staff && q.roomId ? eq(lessons.roomId, q.roomId) : undefined,
    staff && q.classGroupId ? eq(lessons.classGroupId, q.classGroupId) : undefined,
    q.studentId ? attendedBy(sql`(${q.studentId}::uuid)`) : undefined,
  );
  const rows = await selectLessons(tx, where).orderBy(asc(lessons.startsAt), asc(lessons.id)).limit(EVENTS_MAX);
  const rosters = actor.seesLessonDetail ? await loadRosters(tx, rows) : new Map();
  const closures = await listClosuresInRange(tx, actor.adminId, new Date(q.start), new Date(q.end), school.timeZone);
  return {
    results: rows.map((row) => presentEvent(row, rosters.get(row.id) ?? [], school.timeZone, lessonRights(actor, scope, row, actor.seesLessonDetail, now))),
    closures,
    timeZone: school.timeZone,
    canCreate: mayScheduleLessons(actor),
    defaultLessonMinutes: school.settings.defaultLessonMinutes,
    schoolHours: schoolHoursOf(school.settings),
  };
}
