import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeCategories } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { listedStoreOf, mayManageProducts, storeOwnerOf } from '../../policies/store.js';
import { STORE_MESSAGES as M, type StoreCategory } from '../../../shared/contracts/store.js';

const productCount = sql<number>`(select count(*) from store_products p where p.category_id = store_categories.id)`.mapWith(Number);

function ownStore(actor: Actor) {
  const owner = storeOwnerOf(actor);
  if (!owner || !mayManageProducts(actor)) throw forbidden();
  return and(eq(storeCategories.adminId, owner), eq(storeCategories.provider, actor.role === 'superadmin'))!;
}

const present = (r: { id: string; name: string; productCount: number }): StoreCategory => ({ _id: r.id, name: r.name, productCount: r.productCount });

/** The categories of the store Product Listing shows the actor (the one they keep, or a teacher's school's), by name. */
export async function listCategories(tx: Tx, actor: Actor): Promise<StoreCategory[]> {
  const store = listedStoreOf(actor);
  if (!store) throw forbidden();
  const listed = and(eq(storeCategories.adminId, store.adminId), eq(storeCategories.provider, store.provider));
  const rows = await tx.select({ id: storeCategories.id, name: storeCategories.name, productCount }).from(storeCategories).where(listed).orderBy(asc(storeCategories.name));
  return rows.map(present);
}

/** Browsing's filter: the school's categories and the provider's. */
export async function browseCategories(tx: Tx, actor: Actor): Promise<(StoreCategory & { store: 'school' | 'provider' })[]> {
  const school = actor.role === 'superadmin' ? sql`false` : and(eq(storeCategories.adminId, actor.adminId!), eq(storeCategories.provider, false));
  const rows = await tx.select({ id: storeCategories.id, name: storeCategories.name, provider: storeCategories.provider, productCount })
    .from(storeCategories).where(or(school, eq(storeCategories.provider, true))).orderBy(asc(storeCategories.provider), asc(storeCategories.name));
  return rows.map((r) => ({ ...present(r), store: r.provider ? 'provider' : 'school' }));
}

async function assertNameFree(tx: Tx, actor: Actor, name: string, except?: string): Promise<void> {
  const [same] = await tx.select({ id: storeCategories.id }).from(storeCategories)
    .where(and(ownStore(actor), sql`lower(${storeCategories.name}) = lower(${name})`));
  if (same && same.id !== except) throw fieldError('name', M.categoryTaken);
}

async function ownCategory(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx.select({ id: storeCategories.id }).from(storeCategories).where(and(ownStore(actor), eq(storeCategories.id, id))).for('update');
  if (!row) throw notFound(M.categoryNotFound);
  return row;
}

export async function addCategory(tx: Tx, actor: Actor, name: string): Promise<StoreCategory> {
  ownStore(actor);
  await assertNameFree(tx, actor, name);
  const [row] = await tx.insert(storeCategories).values({ adminId: storeOwnerOf(actor)!, provider: actor.role === 'superadmin', name }).returning();
  return present({ id: row!.id, name: row!.name, productCount: 0 });
}

export async function updateCategory(tx: Tx, actor: Actor, id: string, name: string): Promise<StoreCategory> {
  const row = await ownCategory(tx, actor, id);
  await assertNameFree(tx, actor, name, row.id);
  await tx.update(storeCategories).set({ name }).where(eq(storeCategories.id, row.id));
  const [after] = await tx.select({ id: storeCategories.id, name: storeCategories.name, productCount }).from(storeCategories).where(eq(storeCategories.id, row.id));
  return present(after!);
}

/** Its items stay, without a category. */
export async function removeCategory(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = await ownCategory(tx, actor, id);
  await tx.delete(storeCategories).where(eq(storeCategories.id, row.id));
}
