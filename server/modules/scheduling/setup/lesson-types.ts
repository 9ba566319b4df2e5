import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonSeries, lessonTypes } from '../../../db/schema/index.js';
import { conflict, fieldError, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { likePattern } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import {
  SCHEDULING_MESSAGES as M, type lessonTypeForm, type lessonTypeListBody, type lessonTypeUpdateBody,
} from '../../../../shared/contracts/scheduling.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { presentLessonType } from './setup-presenter.js';
import { rethrowUniqueName } from './unique-name.js';
import { setupSchoolOf } from './setup-access.js';

const NAME_INDEX = 'lesson_types_admin_name_idx';

/** Staff keep the lesson types; teachers read them to pick one in the lesson modal. */
async function schoolOf(tx: Tx, actor: Actor, write: boolean): Promise<string> {
  // The first call of a school makes its default types, so a new school lists them.
  return (await loadSchoolSchedule(tx, setupSchoolOf(actor, write))).adminId;
}

export async function listLessonTypes(tx: Tx, actor: Actor, q: z.output<typeof lessonTypeListBody>) {
  const adminId = await schoolOf(tx, actor, false);
  const where = and(eq(lessonTypes.adminId, adminId), q.search ? ilike(lessonTypes.name, likePattern(q.search)) : undefined);
  const direction = q.orderBy === -1 ? desc : asc;
  const sortColumn = q.sortBy === 'name' ? sql`lower(${lessonTypes.name})` : lessonTypes.createdAt;
  const rows = await tx.select({ type: lessonTypes, total: totalRows }).from(lessonTypes).where(where)
    .orderBy(direction(sortColumn), direction(lessonTypes.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(lessonTypes).where(where))[0]?.n ?? 0);
  return toListResult(rows.map((r) => presentLessonType(r.type)), total, q);
}

async function assertNameFree(tx: Tx, adminId: string, name: string, exceptId?: string) {
  const [taken] = await tx.select({ id: lessonTypes.id }).from(lessonTypes)
    .where(and(eq(lessonTypes.adminId, adminId), sql`lower(${lessonTypes.name}) = lower(${name})`, exceptId ? ne(lessonTypes.id, exceptId) : undefined)).limit(1);
  if (taken) throw fieldError('name', M.lessonTypeTaken);
}

export async function addLessonType(tx: Tx, actor: Actor, f: z.output<typeof lessonTypeForm>) {
  const adminId = await schoolOf(tx, actor, true);
  await assertNameFree(tx, adminId, f.name);
  const [made] = await tx.insert(lessonTypes).values({ adminId, ...f }).returning()
    .catch((e: unknown) => rethrowUniqueName(e, NAME_INDEX, 'name', M.lessonTypeTaken));
  return presentLessonType(made!);
}

async function findLessonType(tx: Tx, adminId: string, id: string) {
  const [type] = await tx.select().from(lessonTypes).where(and(eq(lessonTypes.id, id), eq(lessonTypes.adminId, adminId)));
  if (!type) throw notFound(M.lessonTypeNotFound);
  return type;
}

async function inUse(tx: Tx, id: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select exists (select 1 from ${lessons} where ${lessons.lessonTypeId} = ${id})
    or exists (select 1 from ${lessonSeries} where ${lessonSeries.lessonTypeId} = ${id}) as used`);
  return rows[0]?.used === true;
}

/** Name and length may change; the kind may not once lessons use it (they are private or group lessons). */
export async function updateLessonType(tx: Tx, actor: Actor, f: z.output<typeof lessonTypeUpdateBody>) {
  const adminId = await schoolOf(tx, actor, true);
  const type = await findLessonType(tx, adminId, f.id);
  await assertNameFree(tx, adminId, f.name, f.id);
  if (f.kind !== type.kind && (await inUse(tx, type.id))) throw fieldError('kind', M.lessonTypeKindInUse);
  const [changed] = await tx.update(lessonTypes).set({ name: f.name, kind: f.kind, durationMinutes: f.durationMinutes }).where(eq(lessonTypes.id, f.id)).returning()
    .catch((e: unknown) => rethrowUniqueName(e, NAME_INDEX, 'name', M.lessonTypeTaken));
  return presentLessonType(changed!);
}

export async function removeLessonType(tx: Tx, actor: Actor, id: string) {
  const adminId = await schoolOf(tx, actor, true);
  await findLessonType(tx, adminId, id);
  if (await inUse(tx, id)) throw conflict(M.lessonTypeInUse);
  await tx.delete(lessonTypes).where(eq(lessonTypes.id, id));
}
