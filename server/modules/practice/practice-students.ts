import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { classGroups, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { nameMatches } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { decideReadStudent, mayReadPractice, type PracticeDecision } from '../../policies/practice.js';
import { PRACTICE_MESSAGES as M, type PracticeStudentsAnswer, type practiceStudentsBody } from '../../../shared/contracts/practice.js';
import { groupsOfTeacher, isOwnStudent, ownStudentsOf, studentsInGroups } from '../relations/index.js';
import { isSchoolStaff } from '../../../shared/roles.js';

export type PersonRow = { id: string; firstName: string; lastName: string };


/** Turns a policy decision into the answer: 404 hides, 403 refuses. */
export function enforce(decision: PracticeDecision, notFoundMessage: string = M.studentNotFound): void {
  if (decision === 'not-found') throw notFound(notFoundMessage);
  if (decision === 'forbidden') throw forbidden();
}

/** A student of the actor's school, or undefined (another school's is simply not found). */
export async function findSchoolStudent(tx: Tx, actor: Pick<Actor, 'adminId'>, studentId: string): Promise<PersonRow | undefined> {
  const [row] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users)
    .where(and(eq(users.id, studentId), eq(users.role, 'student'), eq(users.adminId, actor.adminId ?? sql`null`))).limit(1);
  return row;
}

/** The student whose practice the actor asks to read, or 404/403 (policies/practice.ts). */
export async function readableStudent(tx: Tx, actor: Actor, studentId: string): Promise<PersonRow> {
  if (!mayReadPractice(actor)) throw forbidden();
  const row = await findSchoolStudent(tx, actor, studentId);
  const isOwn = row ? isSchoolStaff(actor.role) || (await isOwnStudent(tx, actor, studentId)) : false;
  enforce(decideReadStudent(actor, { studentId, inSchool: !!row, isOwn }));
  return row!;
}

/** The students whose practice the actor reaches (a condition on a student id column). */
export function reachableStudents(actor: Actor, column: SQL | typeof users.id): SQL {
  if (isSchoolStaff(actor.role)) return sql`${column} in (select u.id from users u where u.admin_id = ${actor.adminId} and u.role = 'student')`;
  return sql`${column} in ${ownStudentsOf(actor)}`;
}

type StudentsQuery = z.output<typeof practiceStudentsBody>;

/** getPracticeStudents: the students the actor may assign practice to or read, and their groups. */
export async function listPracticeStudents(tx: Tx, actor: Actor, q: StudentsQuery): Promise<PracticeStudentsAnswer> {
  if (!mayReadPractice(actor)) throw forbidden();
  const where = and(
    eq(users.role, 'student'), eq(users.adminId, actor.adminId!), eq(users.status, true), reachableStudents(actor, users.id),
    q.search ? nameMatches(q.search) : undefined,
  );
  const rows = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, total: totalRows }).from(users).where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where))[0]?.n ?? 0);
  const groups = await practiceGroupsOf(tx, actor);
  return {
    ...toListResult(rows.map((r) => ({ _id: r.id, first_name: r.firstName, last_name: r.lastName })), total, q),
    classGroups: groups,
  };
}

/** The classes/groups the actor may assign practice to: the school's for staff, a teacher's own. */
export async function practiceGroupsOf(tx: Tx, actor: Actor) {
  if (!isSchoolStaff(actor.role) && actor.role !== 'teacher') return [];
  // Spelled out: a select of one table leaves its columns unqualified, and "id" would be the subquery's own.
  const n = sql<number>`(select count(*)::int from ${studentsInGroups(sql`("class_groups"."id")`)} m)`;
  const rows = await tx.select({ id: classGroups.id, name: classGroups.name, n }).from(classGroups)
    .where(and(eq(classGroups.adminId, actor.adminId!), actor.role === 'teacher' ? sql`${classGroups.id} in ${groupsOfTeacher(actor.id)}` : undefined))
    .orderBy(asc(classGroups.name), asc(classGroups.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, studentCount: r.n }));
}

/** People by id, for presenting. */
export async function peopleByIds(tx: Tx, ids: string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
