import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { childrenOfParent } from './parents-children.js';
import { groupsOfTeacher, studentsOfTeacher } from './teachers-students.js';

/** Who asks: the request's actor (the one acted as, in login-as), or any person by role. */
type Relative = Pick<Actor, 'id' | 'role'>;

/**
 * The students who are someone's own (a subquery of ids): a teacher's students, a parent's
 * children, a student themself; nobody for any other role (staff reach by school, not by relation).
 */
export function ownStudentsOf(person: Relative): SQL {
  switch (person.role) {
    case 'teacher':
      return studentsOfTeacher(person.id);
    case 'parent':
      return childrenOfParent(person.id);
    case 'student':
      return sql`(select ${person.id}::uuid)`;
    default:
      return sql`(select null::uuid where false)`;
  }
}

/** Is this student one of the person's own (login-as: a teacher's student, a parent's child)? */
export async function isOwnStudent(tx: Tx, person: Relative, studentId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select ${studentId}::uuid in ${ownStudentsOf(person)} as own`);
  return rows[0]?.own === true;
}

/** The ids among these that are not the teacher's students (empty: all are theirs). */
export async function notStudentsOfTeacher(tx: Tx, teacherId: string, studentIds: string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const ids = sql.join(studentIds.map((id) => sql`${id}::uuid`), sql`, `);
  const { rows } = await tx.execute(sql`select k.id from unnest(array[${ids}]) as k(id) where k.id not in ${studentsOfTeacher(teacherId)}`);
  return rows.map((r) => String(r.id));
}

/** Is this class/group the teacher's (they lead it, or teach a lesson of it)? */
export async function isGroupOfTeacher(tx: Tx, teacherId: string, groupId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select ${groupId}::uuid in ${groupsOfTeacher(teacherId)} as own`);
  return rows[0]?.own === true;
}
