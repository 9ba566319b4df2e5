import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessons } from '../../../db/schema/index.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { lessonRights, type LessonRights, type LessonScope } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M } from '../../../../shared/contracts/scheduling.js';
import { selectLessons, type LessonView } from './lesson-rows.js';
import { requireScope, visibleLessons } from './lesson-scope.js';

export type LessonAccess = { row: LessonView; scope: LessonScope; rights: LessonRights };

/**
 * A lesson on the caller's calendar (404 otherwise: another school's lesson is not there). `now`
 * is the school's (decision 067): a family may cancel a lesson not yet begun by it.
 */
export async function loadLesson(tx: Tx, actor: Actor, id: string, detail = false, now = new Date()): Promise<LessonAccess> {
  const scope = requireScope(actor);
  const [row] = await selectLessons(tx, and(eq(lessons.id, id), visibleLessons(actor, scope)));
  if (!row) throw notFound(M.lessonNotFound);
  return { row, scope, rights: lessonRights(actor, scope, row, detail, now) };
}

/** The same, for a change: refused (403) unless the caller may edit it. */
export async function loadLessonToEdit(tx: Tx, actor: Actor, id: string): Promise<LessonAccess> {
  const access = await loadLesson(tx, actor, id);
  if (!access.rights.canEdit) throw forbidden();
  return access;
}
