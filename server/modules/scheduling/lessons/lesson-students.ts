import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonStudents } from '../../../db/schema/index.js';
import { membersOfGroups } from '../../relations/index.js';

/**
 * Whom a cancelled lesson is banked for: a private lesson's own students, a group lesson's
 * current members (the group, not who came last time, misses the lesson).
 */
export async function studentsOfLessons(tx: Tx, rows: { id: string; classGroupId: string | null }[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(rows.map((r) => [r.id, []]));
  const privateIds = rows.filter((r) => !r.classGroupId).map((r) => r.id);
  const groupIds = [...new Set(rows.map((r) => r.classGroupId).filter((g): g is string => !!g))];
  if (privateIds.length > 0) {
    const own = await tx.select({ lessonId: lessonStudents.lessonId, studentId: lessonStudents.studentId }).from(lessonStudents)
      .where(inArray(lessonStudents.lessonId, privateIds));
    for (const r of own) found.get(r.lessonId)!.push(r.studentId);
  }
  if (groupIds.length > 0) {
    const members = await membersOfGroups(tx, groupIds);
    for (const r of rows) {
      if (r.classGroupId) found.set(r.id, [...members.get(r.classGroupId)!]);
    }
  }
  return found;
}
