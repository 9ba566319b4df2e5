import { sql, type SQL } from 'drizzle-orm';

/** A parent's children (`parent_children`, kept in step with households: decision 008). */
export function childrenOfParent(parentId: string | SQL): SQL {
  return sql`(select pc.student_id from parent_children pc where pc.parent_id = ${parentId})`;
}

/** A student's parents. */
export function parentsOfStudent(studentId: string | SQL): SQL {
  return sql`(select pc.parent_id from parent_children pc where pc.student_id = ${studentId})`;
}

/** The parents of any of these students (a subquery of student ids). */
export function parentsOfStudents(studentIds: SQL): SQL {
  return sql`(select pc.parent_id from parent_children pc where pc.student_id in ${studentIds})`;
}
