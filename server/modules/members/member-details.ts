import { and, asc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import {
  genres, parentChildren, studentGenres, studentTeachers, teacherGenres, teacherPayRates, users,
} from '../../db/schema/index.js';
import type { InstrumentEntry, MemberListItem, PersonRef, PersonRole } from '../../../shared/contracts/members.js';
import type { Level } from '../../../shared/constants.js';
import { ownStudentsOf, studentCountsOfTeachers } from '../relations/index.js';
import type { Actor } from '../../lib/actor.js';
import { mayRunPayroll, type PayrollActor } from '../../policies/payroll.js';

export type MemberDetails = Pick<MemberListItem,
  'instruments' | 'genres' | 'teachers' | 'parents' | 'children' | 'private_rate' | 'class_group_rate' | 'studentCount'>;

const other = alias(users, 'other');
const ref = { id: other.id, firstName: other.firstName, lastName: other.lastName };
const toRef = (r: { id: string; firstName: string; lastName: string }): PersonRef => ({ _id: r.id, first_name: r.firstName, last_name: r.lastName });

function group<T extends { owner: string }, V>(rows: T[], map: (r: T) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const r of rows) out.set(r.owner, [...(out.get(r.owner) ?? []), map(r)]);
  return out;
}

/** One of `ids`, a placeholder filled with the array: the same text for any number of people, so it can be prepared. */
const amongIds = (column: AnyColumn) => sql`${column} = any(${sql.placeholder('ids')})`;

async function studentDetails(tx: Tx, ids: string[]): Promise<Map<string, MemberDetails>> {
  // Prepared on each connection (decision 065): the students list asks these three for every
  // page. Run one after another (as lib/in-sequence.ts does): a connection answers one query at a time.
  const instruments = await tx.prepared('members_student_instruments', (name) => tx
    .select({ owner: studentGenres.studentId, genreId: genres.id, name: genres.name, level: studentGenres.level })
    .from(studentGenres).innerJoin(genres, eq(genres.id, studentGenres.genreId))
    .where(amongIds(studentGenres.studentId)).orderBy(asc(genres.name)).prepare(name)).execute({ ids });
  const teachers = await tx.prepared('members_student_teachers', (name) => tx
    .select({ owner: studentTeachers.studentId, ...ref }).from(studentTeachers).innerJoin(other, eq(other.id, studentTeachers.teacherId))
    .where(amongIds(studentTeachers.studentId)).orderBy(asc(other.firstName), asc(other.lastName)).prepare(name)).execute({ ids });
  const parents = await tx.prepared('members_student_parents', (name) => tx
    .select({ owner: parentChildren.studentId, ...ref }).from(parentChildren).innerJoin(other, eq(other.id, parentChildren.parentId))
    .where(amongIds(parentChildren.studentId)).orderBy(asc(other.firstName), asc(other.lastName)).prepare(name)).execute({ ids });
  const byInstrument = group(instruments, (r): InstrumentEntry => ({ genreId: { _id: r.genreId, name: r.name }, level: r.level as Level }));
  const byTeacher = group(teachers, toRef);
  const byParent = group(parents, toRef);
  return new Map(ids.map((id) => [id, { instruments: byInstrument.get(id) ?? [], teachers: byTeacher.get(id) ?? [], parents: byParent.get(id) ?? [] }]));
}

/** Pay rates are payroll's (issue 26): without the payroll right the answer has no rate fields at all. */
async function teacherDetails(tx: Tx, ids: string[], withPayRates: boolean): Promise<Map<string, MemberDetails>> {
  const genreRows = await tx.select({ owner: teacherGenres.teacherId, id: genres.id, name: genres.name })
    .from(teacherGenres).innerJoin(genres, eq(genres.id, teacherGenres.genreId))
    .where(inArray(teacherGenres.teacherId, ids)).orderBy(asc(genres.name));
  const rates = withPayRates
    ? await tx.select({ owner: teacherPayRates.teacherId, kind: teacherPayRates.lessonKind, cents: teacherPayRates.rateCents })
      .from(teacherPayRates).where(inArray(teacherPayRates.teacherId, ids))
    : [];
  // The students a teacher's list shows (decision 016).
  const counts = (await tx.execute(studentCountsOfTeachers(ids))).rows.map((r) => ({ owner: String(r.owner), n: Number(r.n) }));
  const byGenre = group(genreRows, (r) => ({ _id: r.id, name: r.name }));
  const rate = (id: string, kind: string) => (rates.find((r) => r.owner === id && r.kind === kind)?.cents ?? 0) / 100;
  return new Map(ids.map((id) => [id, {
    genres: byGenre.get(id) ?? [],
    ...(withPayRates ? { private_rate: rate(id, 'private'), class_group_rate: rate(id, 'class_group') } : {}),
    studentCount: counts.find((c) => c.owner === id)?.n ?? 0,
  }]));
}

/** A teacher sees a parent's children among their own students only (decision 090): the others are not theirs to know. */
async function parentDetails(tx: Tx, ids: string[], viewer: Pick<Actor, 'id' | 'role'>): Promise<Map<string, MemberDetails>> {
  const among = viewer.role === 'teacher' ? sql`${parentChildren.studentId} in ${ownStudentsOf(viewer)}` : undefined;
  const children = await tx.select({ owner: parentChildren.parentId, ...ref })
    .from(parentChildren).innerJoin(other, eq(other.id, parentChildren.studentId))
    .where(and(inArray(parentChildren.parentId, ids), among)).orderBy(asc(other.firstName), asc(other.lastName));
  const byChild = group(children, toRef);
  return new Map(ids.map((id) => [id, { children: byChild.get(id) ?? [] }]));
}

/**
 * What a list row shows besides the person's own columns, for a page of people in a few queries;
 * a teacher's pay rates only to a viewer with the payroll right (docs/domains/members.md).
 */
export async function loadDetails(tx: Tx, role: PersonRole, ids: string[], viewer: PayrollActor & Pick<Actor, 'id'>): Promise<Map<string, MemberDetails>> {
  if (ids.length === 0) return new Map();
  if (role === 'student') return studentDetails(tx, ids);
  if (role === 'teacher') return teacherDetails(tx, ids, mayRunPayroll(viewer));
  if (role === 'parent') return parentDetails(tx, ids, viewer);
  return new Map(ids.map((id) => [id, {}]));
}
