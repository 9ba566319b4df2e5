import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { lessons } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { ActivityAction } from '../../../shared/contracts/activities.js';
import { recordActivity } from '../activities/index.js';
import { loadRosters, selectLessons } from './lessons/lesson-rows.js';
import { loadSchoolSchedule } from './time/school-schedule.js';
import { inZone } from '../../../shared/school-clock.js';

type LessonAction = Extract<ActivityAction, `lesson.${string}` | 'makeup.booked' | 'attendance.taken'>;

/** "Private Lesson: Lily Chen, Thu, Nov 26, 4:00 PM" in the school's zone; null when the lesson is gone. */
async function describeLesson(tx: Tx, adminId: string, lessonId: string): Promise<string | null> {
  const [row] = await selectLessons(tx, eq(lessons.id, lessonId));
  if (!row) return null;
  const roster = (await loadRosters(tx, [row])).get(row.id) ?? [];
  const who = row.groupName ?? roster.map((e) => `${e.firstName} ${e.lastName}`).join(', ');
  const { timeZone } = await loadSchoolSchedule(tx, adminId);
  const when = inZone(row.startsAt, timeZone).toFormat('ccc, LLL d, h:mm a');
  return `${row.lessonTypeName}${who ? `: ${who}` : ''}, ${when}`;
}

/** How many lessons an answer says the action touched (a series change: more than one, still one line). */
function countOf(result: unknown): number {
  const r = result as { count?: unknown; cancelled?: unknown; deleted?: unknown };
  const n = [r.count, r.cancelled, r.deleted].find((v) => typeof v === 'number');
  return typeof n === 'number' ? n : 1;
}

/**
 * Runs a lesson change and records its one line of Recent activities in the same transaction.
 * `lessonId` as a string names the lesson before the change (so a deleted one is still named);
 * as a function, it is read from the answer (a lesson just made) and named after the change.
 */
export async function withLessonActivity<T>(
  tx: Tx, actor: Actor, action: LessonAction, lessonId: string | ((result: T) => string), run: () => Promise<T>,
): Promise<T> {
  const before = typeof lessonId === 'string' && action === 'lesson.deleted' ? await describeLesson(tx, actor.adminId!, lessonId) : null;
  const result = await run();
  const id = typeof lessonId === 'string' ? lessonId : lessonId(result);
  const name = before ?? (await describeLesson(tx, actor.adminId!, id));
  const count = countOf(result);
  await recordActivity(tx, {
    adminId: actor.adminId!, actorId: actor.accountableId, action, ip: actor.ip,
    meta: { name: count > 1 ? `${name ?? 'a lesson'} (${count} lessons)` : name ?? 'a lesson', lessonId: id },
  });
  return result;
}
