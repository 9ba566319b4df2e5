import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { classGroups, classGroupStudents, users } from '../../db/schema/index.js';
import { recordActivity } from '../activities/index.js';
import { fieldError, notFound } from '../../lib/http-errors.js';
import { enforce, requireReach } from '../../lib/member-actor.js';
import type { Actor } from '../../lib/actor.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { likePattern } from '../../lib/name-search.js';
import { decideMember, type MemberAction } from '../../policies/members.js';
import {
  CLASS_MESSAGES, type classForm, type classListBody, type classUpdateBody,
} from '../../../shared/contracts/classes.js';
import { presentClassDetails, presentClassItem, presentPerson, type ClassRow } from './presenter.js';

type ClassInput = z.output<typeof classForm>;
type ClassUpdate = z.output<typeof classUpdateBody>;
type ListQuery = z.output<typeof classListBody>;

const teacher = alias(users, 'teacher');

const studentCount = sql<number>`(select count(*) from ${classGroupStudents} where ${classGroupStudents.classGroupId} = ${classGroups.id})`.mapWith(Number);

const classColumns = {
  id: classGroups.id,
  adminId: classGroups.adminId,
  name: classGroups.name,
  createdAt: classGroups.createdAt,
  teacherId: classGroups.teacherId,
  teacherFirstName: teacher.firstName,
  teacherLastName: teacher.lastName,
  studentCount,
};

function selectClasses(tx: Tx) {
  return tx.select(classColumns).from(classGroups).leftJoin(teacher, eq(teacher.id, classGroups.teacherId));
}

export async function listClasses(tx: Tx, actor: Actor, q: ListQuery) {
  const reach = requireReach(actor, 'list', 'class');
  const where = and(
    reach === 'all' ? undefined : eq(classGroups.adminId, actor.adminId ?? ''),
    // A teacher's list is their own groups (decision 009).
    reach === 'own' ? eq(classGroups.teacherId, actor.id) : undefined,
    q.teacherId ? eq(classGroups.teacherId, q.teacherId) : undefined,
    q.search ? ilike(classGroups.name, likePattern(q.search)) : undefined,
  );
  const direction = q.orderBy === -1 ? desc : asc;
  const sortColumn: SQL | typeof classGroups.createdAt = q.sortBy === 'name' ? sql`lower(${classGroups.name})` : classGroups.createdAt;
  const rows = await tx.select({ ...classColumns, total: totalRows })
    .from(classGroups).leftJoin(teacher, eq(teacher.id, classGroups.teacherId))
    .where(where)
    .orderBy(direction(sortColumn), direction(classGroups.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(classGroups).where(where);
    return row?.count ?? 0;
  });
  return toListResult(rows.map(presentClassItem), total, q);
}

/** Loads a group the actor may take this action on: 404 for another school's, 403 out of reach. */
async function findClass(tx: Tx, actor: Actor, id: string, action: MemberAction): Promise<ClassRow> {
  const [row] = await selectClasses(tx).where(eq(classGroups.id, id)).limit(1);
  if (!row) throw notFound(CLASS_MESSAGES.notFound);
  enforce(decideMember(actor, action, { kind: 'class', adminId: row.adminId, own: row.teacherId === actor.id }), CLASS_MESSAGES.notFound);
  return row;
}

/** The school a new group belongs to: the actor's, or for the superadmin the chosen teacher's. */
async function schoolForNewClass(tx: Tx, actor: Actor, teacherId: string): Promise<string> {
  if (actor.adminId) return actor.adminId;
  const [row] = await tx.select({ adminId: users.adminId }).from(users).where(eq(users.id, teacherId)).limit(1);
  if (!row?.adminId) throw fieldError('teacherId', CLASS_MESSAGES.teacherNotInSchool);
  return row.adminId;
}

/**
 * A group's teacher is a teacher of its school, or the school's owner when the school is a
 * private teacher (the one teacher of their school, decision 009).
 */
async function assertTeacher(tx: Tx, schoolId: string, teacherId: string) {
  const [row] = await tx.select({ role: users.role, addrole: users.addrole, adminId: users.adminId })
    .from(users).where(eq(users.id, teacherId)).limit(1);
  const valid = row && row.adminId === schoolId
    && (row.role === 'teacher' || (row.role === 'admin' && teacherId === schoolId && row.addrole === 'Private teacher'));
  if (!valid) throw fieldError('teacherId', CLASS_MESSAGES.teacherNotInSchool);
}

async function assertStudents(tx: Tx, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users)
    .where(and(inArray(users.id, studentIds), eq(users.role, 'student'), eq(users.adminId, schoolId)));
  if ((row?.n ?? 0) !== studentIds.length) throw fieldError('studentIds', CLASS_MESSAGES.studentsNotInSchool);
}

async function setStudents(tx: Tx, schoolId: string, classGroupId: string, studentIds: string[]) {
  await tx.delete(classGroupStudents).where(and(
    eq(classGroupStudents.classGroupId, classGroupId),
    studentIds.length > 0 ? notInArray(classGroupStudents.studentId, studentIds) : undefined,
  ));
  if (studentIds.length > 0) {
    await tx.insert(classGroupStudents)
      .values(studentIds.map((studentId) => ({ adminId: schoolId, classGroupId, studentId })))
      .onConflictDoNothing();
  }
}

export async function addClass(tx: Tx, actor: Actor, f: ClassInput) {
  requireReach(actor, 'create', 'class');
  const schoolId = await schoolForNewClass(tx, actor, f.teacherId);
  await assertTeacher(tx, schoolId, f.teacherId);
  await assertStudents(tx, schoolId, f.studentIds);
  const [created] = await tx.insert(classGroups).values({ adminId: schoolId, name: f.name, teacherId: f.teacherId }).returning({ id: classGroups.id });
  await setStudents(tx, schoolId, created!.id, f.studentIds);
  await recordActivity(tx, { adminId: schoolId, actorId: actor.accountableId, ip: actor.ip, action: 'class.added', meta: { name: f.name, classGroupId: created!.id } });
  return presentClassItem(await findClass(tx, actor, created!.id, 'view'));
}

export async function updateClass(tx: Tx, actor: Actor, f: ClassUpdate) {
  const group = await findClass(tx, actor, f.id, 'update');
  await assertTeacher(tx, group.adminId, f.teacherId);
  await assertStudents(tx, group.adminId, f.studentIds);
  await tx.update(classGroups).set({ name: f.name, teacherId: f.teacherId }).where(eq(classGroups.id, group.id));
  await setStudents(tx, group.adminId, group.id, f.studentIds);
  await recordActivity(tx, { adminId: group.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'class.updated', meta: { name: f.name, classGroupId: group.id } });
  return presentClassItem(await findClass(tx, actor, group.id, 'view'));
}

export async function removeClass(tx: Tx, actor: Actor, id: string) {
  const group = await findClass(tx, actor, id, 'delete');
  // Its student rows go with it (on delete cascade).
  await tx.delete(classGroups).where(eq(classGroups.id, group.id));
  await recordActivity(tx, { adminId: group.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'class.removed', meta: { name: group.name } });
}

async function studentsOf(tx: Tx, classGroupId: string) {
  return tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, status: users.status })
    .from(classGroupStudents).innerJoin(users, eq(users.id, classGroupStudents.studentId))
    .where(eq(classGroupStudents.classGroupId, classGroupId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export async function getClass(tx: Tx, actor: Actor, id: string) {
  const group = await findClass(tx, actor, id, 'view');
  const canEdit = decideMember(actor, 'update', { kind: 'class', adminId: group.adminId, own: group.teacherId === actor.id }) === 'allow';
  return presentClassDetails(group, await studentsOf(tx, group.id), canEdit);
}

/** The students of a group, for scheduling a group lesson (docs/domains/members.md "Data and calls"). */
export async function listClassGroupStudents(tx: Tx, actor: Actor, classGroupId: string) {
  const group = await findClass(tx, actor, classGroupId, 'view');
  return (await studentsOf(tx, group.id)).map(presentPerson);
}
