import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { earTrainerSets } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { mayWriteSets } from '../../policies/ear-trainer.js';
import { EAR_TRAINER_MESSAGES as M, type setBody, type setListBody } from '../../../shared/contracts/ear-trainer.js';
import { presentSet } from './presenter.js';

const columns = {
  id: earTrainerSets.id, name: earTrainerSets.name, level: earTrainerSets.level, items: earTrainerSets.items,
  createdAt: earTrainerSets.createdAt, updatedAt: earTrainerSets.updatedAt,
};

/** The superadmin's list: by level (beginner first), then newest first. */
export async function listSets(tx: Tx, actor: Actor, q: z.output<typeof setListBody>) {
  if (!mayWriteSets(actor)) throw forbidden();
  const where = q.level ? eq(earTrainerSets.level, q.level) : undefined;
  const levelOrder = sql`array_position(array['beginner','intermediate','advanced'], ${earTrainerSets.level})`;
  const rows = await tx.select({ ...columns, total: totalRows }).from(earTrainerSets).where(where)
    .orderBy(levelOrder, desc(earTrainerSets.createdAt), desc(earTrainerSets.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(earTrainerSets).where(where))[0]!.n);
  return toListResult(rows.map(presentSet), total, q);
}

export async function addSet(tx: Tx, actor: Actor, input: z.output<typeof setBody>) {
  if (!mayWriteSets(actor)) throw forbidden();
  const [row] = await tx.insert(earTrainerSets).values({ name: input.name, level: input.level, items: input.items }).returning(columns);
  return presentSet(row!);
}

export async function updateSet(tx: Tx, actor: Actor, id: string, input: z.output<typeof setBody>) {
  if (!mayWriteSets(actor)) throw forbidden();
  const [row] = await tx.update(earTrainerSets)
    .set({ name: input.name, level: input.level, items: input.items, updatedAt: new Date() })
    .where(eq(earTrainerSets.id, id)).returning(columns);
  if (!row) throw notFound(M.setNotFound);
  return presentSet(row);
}

export async function removeSet(tx: Tx, actor: Actor, id: string) {
  if (!mayWriteSets(actor)) throw forbidden();
  const deleted = await tx.delete(earTrainerSets).where(and(eq(earTrainerSets.id, id))).returning({ id: earTrainerSets.id });
  if (deleted.length === 0) throw notFound(M.setNotFound);
}

/** The sets of one level, oldest first (the order the superadmin built them), for students. */
export async function setsOfLevel(tx: Tx, level: string) {
  const rows = await tx.select(columns).from(earTrainerSets).where(eq(earTrainerSets.level, level)).orderBy(earTrainerSets.createdAt, earTrainerSets.id);
  return rows.map(presentSet);
}

export async function findSet(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(earTrainerSets).where(eq(earTrainerSets.id, id));
  return row;
}
