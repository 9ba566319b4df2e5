import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { classGroupStudents } from '../../db/schema/index.js';

/** Columns of a lesson row in the caller's query (`lessons.id`, or an alias's). */
export type LessonRef = { id: SQL; classGroupId: SQL };

/**
 * The lessons some students attend (a condition on the lesson): their own rows on it, or its
 * class/group is theirs. The one definition of "a student's lessons"; `studentIds` is a
 * parenthesized list or subquery of ids (`(${id}::uuid)`, `childrenOfParent(id)`). Shaped for the (lesson, student) and (student) indexes.
 */
export function attendedBy(lesson: LessonRef, studentIds: SQL): SQL {
  return sql`(exists (select 1 from lesson_students ls where ls.lesson_id = ${lesson.id} and ls.student_id in ${studentIds})
    or ${lesson.classGroupId} in (select g.class_group_id from class_group_students g where g.student_id in ${studentIds}))`;
}

/** The students a lesson is for (a subquery of student ids): the same relation read from the lesson. */
export function attendeesOf(lesson: LessonRef): SQL {
  return sql`(select ls.student_id from lesson_students ls where ls.lesson_id = ${lesson.id}
    union select g.student_id from class_group_students g where g.class_group_id = ${lesson.classGroupId})`;
}

/** The members of each class/group now, in one query: the one read of a group's members. */
export async function membersOfGroups(tx: Tx, groupIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return found;
  const rows = await tx.select({ groupId: classGroupStudents.classGroupId, studentId: classGroupStudents.studentId })
    .from(classGroupStudents).where(inArray(classGroupStudents.classGroupId, [...new Set(groupIds)]));
  for (const r of rows) found.get(r.groupId)!.push(r.studentId);
  return found;
}

/** The members of one class/group. */
export async function membersOfGroup(tx: Tx, groupId: string): Promise<string[]> {
  return (await membersOfGroups(tx, [groupId])).get(groupId)!;
}

/**
 * A student's lessons (a subquery of lesson ids): the relation `attendedBy` tests, read from the
 * student's side, so that a count per student walks that student's rows (the (student) and
 * (class/group, start) indexes) instead of testing every lesson of the school.
 */
export function lessonsOfStudent(studentId: string | SQL): SQL {
  return sql`(select ls.lesson_id from lesson_students ls where ls.student_id = ${studentId}
    union select l.id from lessons l join class_group_students g on g.class_group_id = l.class_group_id where g.student_id = ${studentId})`;
}
