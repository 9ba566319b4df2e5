import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { parentChildren } from '../../db/schema/index.js';

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

/**
 * Each student's household as (person, student) pairs: the student themself and each of their
 * parents. Whom a change to a student's lessons is told to (issue 10).
 */
export async function householdsOfStudents(tx: Tx, studentIds: string[]): Promise<{ personId: string; studentId: string }[]> {
  if (studentIds.length === 0) return [];
  const parents = await tx.select({ personId: parentChildren.parentId, studentId: parentChildren.studentId })
    .from(parentChildren).where(inArray(parentChildren.studentId, studentIds));
  return [...studentIds.map((id) => ({ personId: id, studentId: id })), ...parents];
}

/** A student's parents' ids. */
export async function parentIdsOf(tx: Tx, studentId: string): Promise<string[]> {
  const rows = await tx.select({ id: parentChildren.parentId }).from(parentChildren).where(eq(parentChildren.studentId, studentId));
  return rows.map((r) => r.id);
}
