import { fieldError } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M } from '../../../../shared/contracts/scheduling.js';
import type { SchoolSchedule } from '../time/school-schedule.js';

const DAY = 86_400_000;

/**
 * The school's rule on back-dating (decision 016): a teacher books or moves a lesson at most
 * `teacherBackDateDays` into the past (recording one that happened); staff keep the calendar and
 * are not limited. 400 on the date, before anything is written.
 */
export function assertNotTooFarBack(actor: Actor, school: SchoolSchedule, startsAt: Date, now: Date): void {
  if (mayRunSchedule(actor)) return;
  const days = school.settings.teacherBackDateDays;
  if (startsAt.getTime() < now.getTime() - days * DAY) throw fieldError('date', M.tooFarBack(days));
}
