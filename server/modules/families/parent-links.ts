import { and, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { parentChildren } from '../../db/schema/index.js';

/**
 * parent_children belongs to families (decision 058), which keeps it in step with households
 * (decision 008); the members' forms and import write a person's direct links through these.
 */
export type ParentLink = typeof parentChildren.$inferInsert;

/** A student's parents become exactly these: links to others go, new ones are direct. */
export async function setParentsOfStudent(tx: Tx, adminId: string, studentId: string, parentIds: string[]): Promise<void> {
  await tx.delete(parentChildren).where(and(eq(parentChildren.studentId, studentId), parentIds.length > 0 ? notInArray(parentChildren.parentId, parentIds) : undefined));
  if (parentIds.length > 0) await tx.insert(parentChildren).values(parentIds.map((parentId) => ({ adminId, parentId, studentId }))).onConflictDoNothing();
}

/** A parent's children become exactly these: links to others go, new ones are direct. */
export async function setChildrenOfParent(tx: Tx, adminId: string, parentId: string, childIds: string[]): Promise<void> {
  await tx.delete(parentChildren).where(and(eq(parentChildren.parentId, parentId), childIds.length > 0 ? notInArray(parentChildren.studentId, childIds) : undefined));
  if (childIds.length > 0) await tx.insert(parentChildren).values(childIds.map((studentId) => ({ adminId, parentId, studentId }))).onConflictDoNothing();
}

/** New links, all at once (an import's new students and their parents). */
export async function addParentLinks(tx: Tx, links: ParentLink[]): Promise<void> {
  await tx.insert(parentChildren).values(links);
}
