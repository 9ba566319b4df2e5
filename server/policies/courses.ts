import type { Actor } from '../lib/actor.js';
import { isSchoolStaff } from '../../shared/roles.js';

/**
 * Courses, lessons and approval (issue 13). One place, pure functions, a matrix test.
 *
 * - The provider (superadmin) writes its own courses; they are open to every school, read only.
 * - A school's admin and sub-admins see and change every course of the school, and review
 *   (approve or reject) the teachers' courses; their own courses are approved at once.
 * - A teacher writes their own courses, which wait for the school; changing one (or its lessons)
 *   sends it back to waiting. They read their own courses, the school's approved ones and the
 *   provider's, and assign those to their own students and classes/groups.
 * - A student reads only approved courses assigned to them or to one of their classes/groups, and
 *   marks its lessons done. Parents have no courses.
 * - Another school's course is not found (404); a visible course one may not change is 403.
 * - A course's files (its cover, its lessons' attachments: files of its school's Library, or of the
 *   provider's for a provider course) open for whoever may read the course, through signed links
 *   the course's answers carry, even when the Library did not share the file with them: the
 *   course grants it. It grants nothing in the Library itself (the file stays unlisted there).
 */
export type CourseActor = Pick<Actor, 'id' | 'role' | 'adminId'>;
export type CourseFacts = { adminId: string; provider: boolean; createdBy: string | null; status: string };
export type CourseDecision = 'allow' | 'forbidden' | 'not-found';

/**
 * A school's office (admin, sub-admin) that belongs to a school (decision 057). The school check is
 * no repeat of the tenant wall: an actor without a school is scoped to every school (plugins/auth.ts
 * `tenantOf`), so here, not the wall, is what refuses one.
 */
const isSchoolStaffOfASchool = (actor: CourseActor) => isSchoolStaff(actor.role) && actor.adminId !== null;
const ofSchool = (actor: CourseActor, c: CourseFacts) => !c.provider && actor.adminId !== null && c.adminId === actor.adminId;

export const mayCreateCourse = (actor: CourseActor) => actor.role === 'superadmin' || isSchoolStaffOfASchool(actor) || (actor.role === 'teacher' && actor.adminId !== null);

/** A teacher's course waits for the school; the provider's and the office's are approved at once. */
export const statusOfNewCourse = (actor: CourseActor): 'waiting' | 'approved' => (actor.role === 'teacher' ? 'waiting' : 'approved');

/** Whether a change by this person sends an approved (or rejected) course back to waiting. */
export const changeNeedsApproval = (actor: CourseActor) => actor.role === 'teacher';

/** Reading a course (a student also needs it assigned to them or their class/group). */
export function decideReadCourse(actor: CourseActor, c: CourseFacts, assignedToActor: boolean): CourseDecision {
  switch (actor.role) {
    case 'superadmin':
      return c.provider ? 'allow' : 'not-found';
    case 'admin':
    case 'subadmin':
      return c.provider || ofSchool(actor, c) ? 'allow' : 'not-found';
    case 'teacher':
      return c.provider || (ofSchool(actor, c) && (c.createdBy === actor.id || c.status === 'approved')) ? 'allow' : 'not-found';
    case 'student':
      return (c.provider || ofSchool(actor, c)) && c.status === 'approved' && assignedToActor ? 'allow' : 'not-found';
    default:
      return 'forbidden';
  }
}

/** Changing a course and its lessons, or deleting it. */
export function decideEditCourse(actor: CourseActor, c: CourseFacts, assignedToActor = false): CourseDecision {
  const read = decideReadCourse(actor, c, assignedToActor);
  if (read !== 'allow') return read;
  if (actor.role === 'superadmin') return 'allow';
  if (c.provider) return 'forbidden';
  if (isSchoolStaffOfASchool(actor)) return 'allow';
  if (actor.role === 'teacher') return c.createdBy === actor.id ? 'allow' : 'forbidden';
  return 'forbidden';
}

/** Approving or rejecting a waiting course: the school's office. */
export function decideReviewCourse(actor: CourseActor, c: CourseFacts): CourseDecision {
  if (!isSchoolStaffOfASchool(actor)) return 'forbidden';
  return ofSchool(actor, c) ? 'allow' : 'not-found';
}

export const mayReviewCourses = (actor: CourseActor) => isSchoolStaffOfASchool(actor);

/** Giving a course to students or classes/groups of one's school (whom: checked by the caller). */
export function decideAssignCourse(actor: CourseActor, c: CourseFacts): CourseDecision {
  if (!isSchoolStaffOfASchool(actor) && actor.role !== 'teacher') return 'forbidden';
  return decideReadCourse(actor, c, false);
}

/** Whose progress one sees: the whole school's, or the teacher's own students'. */
export function progressReach(actor: CourseActor): 'school' | 'own-students' | null {
  if (isSchoolStaffOfASchool(actor)) return 'school';
  if (actor.role === 'teacher' && actor.adminId !== null) return 'own-students';
  return null;
}

/** Marking lessons done is the student's own (on a course they may read). */
export const mayMarkLessons = (actor: CourseActor) => actor.role === 'student';

/** The lists: who sees the courses list at all. */
export const mayListCourses = (actor: CourseActor) => actor.role !== 'parent';
