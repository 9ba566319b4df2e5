import { isSchoolStaff, type Role } from '../../shared/roles.js';
import type { Actor } from '../lib/actor.js';
import { memberReachOf, type MemberReach } from './member-reach.js';

/**
 * Who may see and change which lessons (issue 4). One place, pure functions, a matrix test.
 *
 * - Admins and sub-admins run the school's calendar: every lesson, rooms, lesson types,
 *   holidays, the make-up rules, credits granted by hand and a room booked twice on purpose.
 * - A teacher sees, schedules, moves, cancels and takes attendance for their own lessons.
 * - A student sees their lessons; a parent their children's. Both may cancel a private lesson
 *   of their own ahead of time (the notice window decides whether it earns a credit).
 * - A superadmin has no calendar of their own (docs/domains/scheduling.md "Screens and routes"); in login-as they act as the
 *   person they act as.
 */
/** What the lesson rules read of the request's actor (lib/actor.ts, decision 017). */
type SchedulingActor = Pick<Actor, 'id' | 'role' | 'adminId' | 'addrole'>;

/** Which lessons an actor's calendar holds. */
export type LessonScope = MemberReach;

export function lessonScopeOf(actor: SchedulingActor): LessonScope | null {
  return memberReachOf(actor.role);
}

/** Rooms, lesson types, holidays, the school's rules, credits by hand, a room clash on purpose. */
export function mayRunSchedule(actor: SchedulingActor): boolean {
  return isSchoolStaff(actor.role);
}

/** Create lessons (a teacher only their own). */
export function mayScheduleLessons(actor: SchedulingActor): boolean {
  return mayRunSchedule(actor) || actor.role === 'teacher';
}

/** Publish and remove open make-up slots (decision 028): staff for any teacher, a teacher for themself. */
export function mayPublishSlot(actor: SchedulingActor, teacherId: string): boolean {
  return mayRunSchedule(actor) || (actor.role === 'teacher' && teacherId === actor.id);
}

/**
 * Whether a family books within the school's rules (staff and teachers book any future slot):
 * at least the notice window ahead, as a cancellation must be to earn its credit.
 */
export function slotOpenToFamilies(startsAt: Date, now: Date, noticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= noticeHours * 3_600_000;
}

/**
 * A teacher's note on a student's attendance: the school's staff and the teachers (whose rows the
 * scope already limits to their lessons) read every note; a student or a parent only the notes
 * shared with the family.
 */
export function mayReadLessonNote(scope: LessonScope, sharedWithFamily: boolean): boolean {
  return scope === 'school' || scope === 'teacher' || sharedWithFamily;
}

export type LessonFacts = {
  teacherId: string;
  /** Private (no class/group). */
  isPrivate: boolean;
  /** The actor is one of its students, or a parent of one. */
  isOwnLesson: boolean;
};

/** Edit, move, delete, restore and take attendance. */
export function mayEditLesson(actor: SchedulingActor, lesson: Pick<LessonFacts, 'teacherId'>): boolean {
  if (mayRunSchedule(actor)) return true;
  return actor.role === 'teacher' && lesson.teacherId === actor.id;
}

/** Cancel (and bank within the rules): staff as they edit; a family its own private lesson. */
export function mayCancelLesson(actor: SchedulingActor, lesson: LessonFacts): boolean {
  if (mayEditLesson(actor, lesson)) return true;
  return (actor.role === 'student' || actor.role === 'parent') && lesson.isPrivate && lesson.isOwnLesson;
}

/**
 * docs/domains/scheduling.md "Who may do what", the calendar detail rule: whether the class/group name and the students show,
 * or only the lesson type and room. `viewer` is the real person; `viewed` the one acted as in
 * login-as (null when not acting as anyone).
 */
export function showsCalendarDetail(viewer: Role | string, viewed: Role | string | null): boolean {
  switch (viewer) {
    case 'superadmin':
      return viewed === 'admin' || viewed === 'subadmin' || viewed === 'teacher';
    case 'admin':
      return viewed === 'subadmin' || viewed === null;
    case 'subadmin':
      return viewed === null;
    case 'teacher':
      return true;
    default:
      return false;
  }
}

export type LessonRights = { detail: boolean; canEdit: boolean; canCancel: boolean };

/** What the caller may do with a lesson already on their calendar (a family cancels ahead of time only). */
export function lessonRights(
  actor: SchedulingActor, scope: LessonScope, lesson: { teacherId: string; classGroupId: string | null; startsAt: Date }, detail: boolean, now = new Date(),
): LessonRights {
  const family = scope === 'student' || scope === 'parent';
  return {
    detail,
    canEdit: mayEditLesson(actor, lesson),
    canCancel: mayCancelLesson(actor, { teacherId: lesson.teacherId, isPrivate: !lesson.classGroupId, isOwnLesson: family }) && (!family || lesson.startsAt > now),
  };
}
