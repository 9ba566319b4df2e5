import { sql, type SQL } from 'drizzle-orm';
import type { CourseActor } from '../../policies/courses.js';
import { groupsOfStudent } from '../relations/index.js';

/**
 * The courses given to a student (a subquery of course ids): assigned to them, or to a
 * class/group they belong to. Row-level security keeps both to the student's school.
 */
export function coursesAssignedTo(studentId: string): SQL {
  return sql`(select a.course_id from course_assignments a where a.student_id = ${studentId}
    union select a.course_id from course_assignments a where a.class_group_id in ${groupsOfStudent(studentId)})`;
}

/**
 * The courses a person may see, as a condition on `courses` (the SQL twin of
 * decideReadCourse in policies/courses.ts): the provider's its own; the office the school's and
 * the provider's; a teacher their own, the school's approved ones and the provider's; a student
 * the approved ones given to them.
 */
export function visibleCourses(actor: CourseActor): SQL {
  switch (actor.role) {
    case 'superadmin':
      return sql`courses.provider`;
    case 'admin':
    case 'subadmin':
      return sql`(courses.provider or courses.admin_id = ${actor.adminId})`;
    case 'teacher':
      return sql`(courses.provider or (courses.admin_id = ${actor.adminId} and (courses.created_by = ${actor.id} or courses.status = 'approved')))`;
    case 'student':
      return sql`(courses.status = 'approved' and courses.id in ${coursesAssignedTo(actor.id)})`;
    default:
      return sql`false`;
  }
}
