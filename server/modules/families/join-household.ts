import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { families, familyMembers, users } from '../../db/schema/index.js';
import { recordActivity } from '../activities/index.js';
import { syncParentChildren, type Household } from './sync-parent-children.js';

export type JoinHousehold = {
  schoolId: string;
  /** The parents named with the students (new or already of the school). */
  parentIds: string[];
  studentIds: string[];
  /** Whom Recent activities names, and from where, when a family is made. */
  actorId: string;
  ip: string | null;
};

/** The family of a household: its parents and children, and their links (decision 008). */
async function householdOf(tx: Tx, familyId: string): Promise<Household> {
  const rows = await tx.select({ id: users.id, role: users.role }).from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId)).where(eq(familyMembers.familyId, familyId));
  return {
    parentIds: rows.filter((r) => r.role === 'parent').map((r) => r.id),
    childIds: rows.filter((r) => r.role === 'student').map((r) => r.id),
  };
}

async function addToFamily(tx: Tx, schoolId: string, familyId: string, add: Household) {
  const before = await householdOf(tx, familyId);
  const after = {
    parentIds: [...new Set([...before.parentIds, ...add.parentIds])],
    childIds: [...new Set([...before.childIds, ...add.childIds])],
  };
  const newIds = [...add.parentIds, ...add.childIds];
  if (newIds.length > 0) {
    await tx.insert(familyMembers).values([...new Set(newIds)].map((userId) => ({ adminId: schoolId, familyId, userId }))).onConflictDoNothing();
  }
  await syncParentChildren(tx, schoolId, familyId, before, after);
}

/**
 * One household (issue 10): students added with their parents join those parents' family, and a
 * family is made for them when none of the parents has one. Each parent's first family takes the
 * students; a parent without a family joins the first family found; so families and
 * parent_children say the same thing.
 */
export async function joinHousehold(tx: Tx, h: JoinHousehold) {
  const parentIds = [...new Set(h.parentIds)];
  if (parentIds.length === 0 || h.studentIds.length === 0) return;
  const memberships = await tx.select({ userId: familyMembers.userId, familyId: familyMembers.familyId })
    .from(familyMembers).innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(and(inArray(familyMembers.userId, parentIds), eq(families.adminId, h.schoolId)))
    .orderBy(asc(families.createdAt), asc(families.id));
  const familyOfParent = new Map<string, string>();
  for (const m of memberships) if (!familyOfParent.has(m.userId)) familyOfParent.set(m.userId, m.familyId);

  if (familyOfParent.size === 0) {
    const [first] = await tx.select({ lastName: users.lastName }).from(users).where(eq(users.id, parentIds[0]!)).limit(1);
    const name = `${first?.lastName ?? 'New'} Family`.slice(0, 100);
    const [created] = await tx.insert(families).values({ adminId: h.schoolId, name }).returning({ id: families.id });
    await addToFamily(tx, h.schoolId, created!.id, { parentIds, childIds: h.studentIds });
    await recordActivity(tx, { adminId: h.schoolId, actorId: h.actorId, ip: h.ip, action: 'family.added', meta: { name, familyId: created!.id } });
    return;
  }
  const familyIds = [...new Set(familyOfParent.values())];
  const homeless = parentIds.filter((p) => !familyOfParent.has(p));
  for (const [i, familyId] of familyIds.entries()) {
    await addToFamily(tx, h.schoolId, familyId, { parentIds: i === 0 ? homeless : [], childIds: h.studentIds });
  }
}
