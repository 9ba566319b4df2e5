import type { Tx } from '../../../db/client.js';
import { conflict, forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { SCHEDULING_MESSAGES as M, type CancelPreview } from '../../../../shared/contracts/scheduling.js';
import { loadLesson } from '../lessons/lesson-access.js';
import { studentsOfLessons } from '../lessons/lesson-students.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { sharedWithOthers } from './cancel-lesson.js';
import { grantCredits } from './grant-credits.js';

/**
 * What cancelling this lesson would give, asked before confirming: per student, a make-up credit
 * (until when) or why not, by the school's rules and notice window. Writes nothing; whoever may
 * not cancel the lesson may not ask (a family, only its own lesson ahead of time).
 */
export async function previewCancel(tx: Tx, actor: Actor, id: string, now = new Date()): Promise<CancelPreview> {
  const { row, scope, rights } = await loadLesson(tx, actor, id, false, now);
  const family = scope === 'student' || scope === 'parent';
  if (!rights.canCancel) throw forbidden();
  if (family && row.startsAt <= now) throw forbidden();
  if (row.status === 'cancelled') throw conflict(M.lessonAlreadyCancelled);
  if (family && (await sharedWithOthers(tx, actor, row.id))) throw forbidden(M.familyCancelShared);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const students = await studentsOfLessons(tx, [row]);
  const bank = await grantCredits(tx, school, row, students.get(row.id) ?? [], { byHand: false, now, preview: true });
  return { bank, familyBanks: family, noticeHours: school.settings.noticeHours };
}
