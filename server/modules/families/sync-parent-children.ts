import { and, eq, inArray, not, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { familyMembers, parentChildren } from '../../db/schema/index.js';

export type Household = { parentIds: string[]; childIds: string[] };

/**
 * Keeps parent_children in step with one family (docs/decisions/008-families.md): every parent
 * of the family is linked to every child of it; a pair this family had and no longer has is
 * unlinked only when no other family still has it. A direct link (made on the parent or student
 * form) is never touched.
 */
export async function syncParentChildren(tx: Tx, schoolId: string, familyId: string, before: Household, after: Household) {
  if (before.parentIds.length > 0 && before.childIds.length > 0) {
    const stillPaired = after.parentIds.length > 0 && after.childIds.length > 0
      ? and(inArray(parentChildren.parentId, after.parentIds), inArray(parentChildren.studentId, after.childIds))
      : undefined;
    await tx.delete(parentChildren).where(and(
      eq(parentChildren.direct, false),
      inArray(parentChildren.parentId, before.parentIds),
      inArray(parentChildren.studentId, before.childIds),
      stillPaired ? not(stillPaired) : undefined,
      sql`not exists (
        select 1 from ${familyMembers} fp join ${familyMembers} fc on fc.family_id = fp.family_id
        where fp.user_id = ${parentChildren.parentId} and fc.user_id = ${parentChildren.studentId} and fp.family_id <> ${familyId})`,
    ));
  }
  const pairs = after.parentIds.flatMap((parentId) => after.childIds.map((studentId) => ({ adminId: schoolId, parentId, studentId, direct: false })));
  if (pairs.length > 0) await tx.insert(parentChildren).values(pairs).onConflictDoNothing();
}

/** Makes the family's members exactly these people. */
export async function setFamilyMembers(tx: Tx, schoolId: string, familyId: string, userIds: string[]) {
  await tx.delete(familyMembers).where(and(
    eq(familyMembers.familyId, familyId),
    userIds.length > 0 ? notInArray(familyMembers.userId, userIds) : undefined,
  ));
  if (userIds.length > 0) {
    await tx.insert(familyMembers).values(userIds.map((userId) => ({ adminId: schoolId, familyId, userId }))).onConflictDoNothing();
  }
}
