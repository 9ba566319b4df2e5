import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { parentChildren, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { parentsOfStudent } from './parents-children.js';
import { ownStudentsOf } from './own-students.js';

/**
 * Who pays for a student, the one rule (decision 057): their parents (either of two); a student
 * with no parent pays for themself. Invoices, the pay page, cards, autopay and the invoice PDF
 * all ask here; the billing policy decides over the facts `payerFactsOf` reads by this rule (it
 * states no rule of its own: decision 016, policies take relations' answers as facts).
 */

/** A student's payers (a subquery of ids): their parents, or the student when they have none. */
export function payersOf(studentId: string | SQL): SQL {
  return sql`(select p.parent_id from ${parentsOfStudent(studentId)} p(parent_id)
    union select ${studentId}::uuid where not exists ${parentsOfStudent(studentId)})`;
}

/**
 * Whose saved cards pay a student's invoices (a subquery of ids): the student's payers, and the
 * student themself. An invoice keeps the payer it was addressed to, so one billed to the student
 * before a parent was linked is still charged to the student's own card (autopay charges an
 * invoice's own payer).
 */
export function cardHoldersFor(studentId: string | SQL): SQL {
  return sql`(select h.id from ${payersOf(studentId)} h(id) union select ${studentId}::uuid)`;
}

/** The students a person pays for (a subquery of ids), the same rule read the other way: a parent's children, a student themself. */
export function studentsPaidBy(person: Pick<Actor, 'id' | 'role'>): SQL {
  return person.role === 'parent' || person.role === 'student' ? ownStudentsOf(person) : sql`(select null::uuid where false)`;
}

/**
 * What the billing policy needs to know of a person and a student: is the student their child,
 * does the student have a parent, and does the person pay for the student (one of `payersOf`).
 */
export function payerFactsOf(personId: string | SQL, studentId: string | SQL): { isChildOf: SQL; hasParent: SQL; pays: SQL } {
  return {
    isChildOf: sql`(${personId}::uuid in ${parentsOfStudent(studentId)})`,
    hasParent: sql`exists ${parentsOfStudent(studentId)}`,
    pays: sql`(${personId}::uuid in ${payersOf(studentId)})`,
  };
}

/** Does this student have a parent (one who pays for them)? */
export async function hasParent(tx: Tx, studentId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select ${payerFactsOf(studentId, studentId).hasParent} as has`);
  return rows[0]?.has === true;
}

/**
 * The one payer an invoice of the student is addressed to: of their payers, a parent linked on
 * the forms before one linked only by a family, then the longest-standing; else the student.
 */
export async function billedPayerOf(tx: Tx, adminId: string, studentId: string): Promise<string> {
  const [parent] = await tx.select({ id: parentChildren.parentId }).from(parentChildren)
    .innerJoin(users, eq(users.id, parentChildren.parentId))
    .where(and(eq(parentChildren.adminId, adminId), eq(parentChildren.studentId, studentId), eq(users.role, 'parent')))
    .orderBy(desc(parentChildren.direct), asc(users.createdAt), asc(users.id))
    .limit(1);
  return parent?.id ?? studentId;
}
