import { sql, type SQL } from 'drizzle-orm';

/**
 * A student's classes/groups (a subquery of class/group ids): the ones they are a member of
 * (`class_group_students`, written by the classes module). What a student reads through a group
 * (library shares, courses, the dashboard's count) asks here.
 */
export function groupsOfStudent(studentId: string | SQL): SQL {
  return sql`(select g.class_group_id from class_group_students g where g.student_id = ${studentId})`;
}

/**
 * The members of some classes/groups (a subquery of student ids); `groupIds` is a parenthesized
 * list or subquery of ids. The same relation as `membersOfGroups`, for use inside a statement.
 */
export function studentsInGroups(groupIds: SQL): SQL {
  return sql`(select g.student_id from class_group_students g where g.class_group_id in ${groupIds})`;
}

/** Each (class/group, student) membership of these classes/groups: a subquery with columns class_group_id, student_id. */
export function membershipsOfGroups(groupIds: SQL): SQL {
  return sql`(select g.class_group_id, g.student_id from class_group_students g where g.class_group_id in ${groupIds})`;
}
