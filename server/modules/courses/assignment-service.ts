import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { classGroups, courseAssignments, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { decideAssignCourse, progressReach } from '../../policies/courses.js';
import { groupsOfTeacher, isGroupOfTeacher, isOwnStudent, notStudentsOfTeacher, studentsInGroups, studentsOfTeacher } from '../relations/index.js';
import { COURSE_MESSAGES as M, type AssignmentItem, type CourseProgress } from '../../../shared/contracts/courses.js';
import { enforce, readableCourse } from './course-service.js';
import { named, presentAssignment } from './presenter.js';

/** The ids among these that are not students of the caller's school (or, for a teacher, not theirs). */
async function strangerStudents(tx: Tx, actor: Actor, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: users.id }).from(users)
    .where(and(inArray(users.id, unique), eq(users.adminId, actor.adminId!), eq(users.role, 'student')));
  if (found.length !== unique.length) return true;
  return actor.role === 'teacher' && (await notStudentsOfTeacher(tx, actor.id, unique)).length > 0;
}

async function strangerGroups(tx: Tx, actor: Actor, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: classGroups.id }).from(classGroups).where(and(inArray(classGroups.id, unique), eq(classGroups.adminId, actor.adminId!)));
  if (found.length !== unique.length) return true;
  if (actor.role !== 'teacher') return false;
  for (const id of unique) if (!(await isGroupOfTeacher(tx, actor.id, id))) return true;
  return false;
}

/** Gives the course to students and classes/groups of the caller's school (a teacher: their own). */
export async function assignCourse(tx: Tx, actor: Actor, v: { courseId: string; studentIds: string[]; classGroupIds: string[] }): Promise<CourseProgress> {
  const course = await readableCourse(tx, actor, v.courseId);
  enforce(decideAssignCourse(actor, course));
  const errors: Record<string, string> = {};
  if (await strangerStudents(tx, actor, v.studentIds)) errors.studentIds = M.studentsOfYours;
  if (await strangerGroups(tx, actor, v.classGroupIds)) errors.classGroupIds = M.groupsOfYours;
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  const rows = [
    ...[...new Set(v.studentIds)].map((studentId) => ({ adminId: actor.adminId!, courseId: course.id, studentId, assignedBy: actor.id })),
    ...[...new Set(v.classGroupIds)].map((classGroupId) => ({ adminId: actor.adminId!, courseId: course.id, classGroupId, assignedBy: actor.id })),
  ];
  await tx.insert(courseAssignments).values(rows).onConflictDoNothing();
  return courseProgress(tx, actor, course.id);
}

/** Takes an assignment back: the office any of the school's, a teacher those of their own people. */
export async function unassignCourse(tx: Tx, actor: Actor, assignmentId: string): Promise<CourseProgress> {
  // Those who assign are those who see progress: the office and teachers.
  if (!progressReach(actor)) throw forbidden();
  const [row] = await tx.select().from(courseAssignments).where(and(eq(courseAssignments.id, assignmentId), eq(courseAssignments.adminId, actor.adminId!)));
  if (!row) throw notFound(M.assignmentNotFound);
  const course = await readableCourse(tx, actor, row.courseId).catch(() => {
    throw notFound(M.assignmentNotFound);
  });
  enforce(decideAssignCourse(actor, course), M.assignmentNotFound);
  if (actor.role === 'teacher') {
    const own = row.studentId ? await isOwnStudent(tx, actor, row.studentId) : await isGroupOfTeacher(tx, actor.id, row.classGroupId!);
    if (!own) throw forbidden();
  }
  await tx.delete(courseAssignments).where(eq(courseAssignments.id, row.id));
  return courseProgress(tx, actor, course.id);
}

/**
 * Who is given the course in the caller's school and which lessons each finished: the office
 * sees everyone, a teacher their own students and classes/groups.
 */
export async function courseProgress(tx: Tx, actor: Actor, courseId: string): Promise<CourseProgress> {
  const reach = progressReach(actor);
  if (!reach) throw forbidden();
  const course = await readableCourse(tx, actor, courseId);
  const own = reach === 'own-students';
  const school = actor.adminId!;
  const { rows: assignmentRows } = await tx.execute(sql`
    select a.id, a.created_at, a.student_id, u.first_name, u.last_name, a.class_group_id, g.name as group_name
    from course_assignments a
    left join users u on u.id = a.student_id
    left join class_groups g on g.id = a.class_group_id
    where a.course_id = ${course.id} and a.admin_id = ${school}
      ${own ? sql`and (a.student_id in ${studentsOfTeacher(actor.id)} or a.class_group_id in ${groupsOfTeacher(actor.id)})` : sql``}
    order by a.created_at, a.id`);
  const assignments: AssignmentItem[] = assignmentRows.map((r) => presentAssignment({
    id: String(r.id), createdAt: new Date(String(r.created_at)), studentId: r.student_id ? String(r.student_id) : null,
    first: r.first_name as string | null, last: r.last_name as string | null, classGroupId: r.class_group_id ? String(r.class_group_id) : null, groupName: r.group_name as string | null,
  }));
  const { rows: studentRows } = await tx.execute(sql`
    with given as (
      select a.student_id from course_assignments a where a.course_id = ${course.id} and a.admin_id = ${school} and a.student_id is not null
      union select m.student_id from ${studentsInGroups(sql`(select a.class_group_id from course_assignments a where a.course_id = ${course.id} and a.admin_id = ${school})`)} m(student_id)
    )
    select u.id, u.first_name, u.last_name,
      coalesce(array_agg(c.lesson_id) filter (where c.lesson_id is not null), '{}') as done
    from given
    join users u on u.id = given.student_id
    left join course_lesson_completions c on c.student_id = u.id and c.lesson_id in (select l.id from course_lessons l where l.course_id = ${course.id})
    ${own ? sql`where u.id in ${studentsOfTeacher(actor.id)}` : sql``}
    group by u.id, u.first_name, u.last_name
    order by u.first_name, u.last_name, u.id`);
  const [count] = (await tx.execute(sql`select count(*)::int as n from course_lessons where course_id = ${course.id}`)).rows;
  return {
    lessonCount: Number(count?.n ?? 0),
    assignments,
    students: studentRows.map((r) => {
      const done = arrayOf(r.done);
      return { student: named(String(r.id), String(r.first_name), String(r.last_name)), doneLessonIds: done, doneCount: done.length };
    }),
  };
}

/** node-postgres answers a uuid[] as a string ("{a,b}"), PGlite as an array. */
function arrayOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value).replace(/^\{|\}$/g, '').split(',').filter(Boolean);
}
