import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bizArticles, bizCategories } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { mayReadBiz, mayWriteBiz, seesBizDrafts } from '../../policies/my-biz.js';
import { BIZ_MESSAGES as M, type BizCategory, type BizCategoryInput } from '../../../shared/contracts/my-biz.js';
import { presentCategory } from './presenter.js';

type CategoryValues = Required<BizCategoryInput>;

export function assertWriter(actor: Actor): void {
  if (!mayWriteBiz(actor.role)) throw forbidden();
}

export function assertReader(actor: Actor): void {
  if (!mayReadBiz(actor.role)) throw forbidden();
}

/** The articles a reader's lists count and hold: a school's people the published ones only. */
export const readableArticles = (actor: Actor) => (seesBizDrafts(actor.role) ? sql`true` : isNotNull(bizArticles.publishedAt));

/** Every category in the provider's order, with the articles the reader may open. */
export async function listBizCategories(tx: Tx, actor: Actor): Promise<BizCategory[]> {
  assertReader(actor);
  const articleCount = sql<number>`count(${bizArticles.id})`.mapWith(Number);
  const rows = await tx.select({ id: bizCategories.id, name: bizCategories.name, description: bizCategories.description, articleCount })
    .from(bizCategories)
    .leftJoin(bizArticles, and(eq(bizArticles.categoryId, bizCategories.id), readableArticles(actor)))
    .groupBy(bizCategories.id)
    .orderBy(asc(bizCategories.position), asc(bizCategories.createdAt));
  return rows.map(presentCategory);
}

async function assertNameFree(tx: Tx, name: string, except?: string): Promise<void> {
  const [same] = await tx.select({ id: bizCategories.id }).from(bizCategories)
    .where(and(sql`lower(${bizCategories.name}) = lower(${name})`, except ? ne(bizCategories.id, except) : undefined));
  if (same) throw fieldError('name', M.nameTaken);
}

export async function addBizCategory(tx: Tx, actor: Actor, input: CategoryValues): Promise<BizCategory> {
  assertWriter(actor);
  await assertNameFree(tx, input.name);
  const [last] = await tx.select({ position: bizCategories.position }).from(bizCategories).orderBy(desc(bizCategories.position)).limit(1);
  const [row] = await tx.insert(bizCategories).values({ ...input, position: (last?.position ?? 0) + 1 }).returning();
  return presentCategory({ ...row!, articleCount: 0 });
}

export async function updateBizCategory(tx: Tx, actor: Actor, input: CategoryValues & { id: string }): Promise<BizCategory> {
  assertWriter(actor);
  await assertNameFree(tx, input.name, input.id);
  const [row] = await tx.update(bizCategories).set({ name: input.name, description: input.description, updatedAt: new Date() })
    .where(eq(bizCategories.id, input.id)).returning();
  if (!row) throw notFound(M.categoryNotFound);
  const [count] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bizArticles).where(eq(bizArticles.categoryId, row.id));
  return presentCategory({ ...row, articleCount: count?.n ?? 0 });
}

/** Its articles go with it: the superadmin is asked to confirm that on the page. */
export async function deleteBizCategory(tx: Tx, actor: Actor, id: string): Promise<void> {
  assertWriter(actor);
  const [row] = await tx.delete(bizCategories).where(eq(bizCategories.id, id)).returning({ id: bizCategories.id });
  if (!row) throw notFound(M.categoryNotFound);
}
