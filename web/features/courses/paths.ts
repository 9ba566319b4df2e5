import { routesFor } from '../../../shared/routes';

/**
 * Where a course opens: /learning/course_detail/{id} for the roles whose route table has it
 * (superadmin, the office), else the course's lessons page /learning/lessons/{id}, which shows
 * the same course (teachers and students have only that one, docs/domains/learning.md "Screens and routes").
 */
export function coursePath(role: string, courseId: string): string {
  const detail = routesFor(role).some((r) => r.path === '/learning/course_detail/:id');
  return `${detail ? '/learning/course_detail' : '/learning/lessons'}/${courseId}`;
}

/** A lesson opens on its own page only for the roles that have /learning/lesson_details. */
export function lessonPath(role: string, lessonId: string, courseId: string): string | null {
  return routesFor(role).some((r) => r.path === '/learning/lesson_details/:lessonID/:id') ? `/learning/lesson_details/${lessonId}/${courseId}` : null;
}
