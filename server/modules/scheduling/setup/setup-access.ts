import { forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule, mayScheduleLessons } from '../../../policies/scheduling.js';

/** The school whose set-up (rooms, lesson types, holidays) the caller reads, or changes when `write`. */
export function setupSchoolOf(actor: Actor, write: boolean): string {
  if (!(write ? mayRunSchedule(actor) : mayScheduleLessons(actor)) || !actor.adminId) throw forbidden();
  return actor.adminId;
}
