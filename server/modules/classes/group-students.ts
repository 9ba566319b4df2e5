import type { Tx } from '../../db/client.js';
import { classGroupStudents } from '../../db/schema/index.js';

/**
 * class_group_students belongs to classes (decision 058). A student plan tied to a class/group
 * puts its subscriber in it through this; one already there stays as they are.
 */
export async function addStudentToClassGroup(tx: Tx, adminId: string, classGroupId: string, studentId: string): Promise<void> {
  await tx.insert(classGroupStudents).values({ adminId, classGroupId, studentId }).onConflictDoNothing();
}
