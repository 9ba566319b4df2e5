import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { storeSellers } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { mayManageSellers } from '../../policies/store.js';
import { STORE_MESSAGES as M, type Seller, type SellerListAnswer, type sellerBody, type sellerListQuery } from '../../../shared/contracts/store.js';
import { presentSeller } from './presenter.js';

type SellerInput = z.output<typeof sellerBody>;
const productCount = sql<number>`(select count(*) from store_products p where p.seller_id = store_sellers.id)`.mapWith(Number);

function providerOf(actor: Actor): string {
  if (!mayManageSellers(actor)) throw forbidden();
  return actor.id;
}

const columnsOf = (f: SellerInput) => ({
  firstName: f.first_name, lastName: f.last_name, address: f.address, state: f.state, postalCode: f.postal_code, cellPhone: f.cell_phone,
});

async function sellerById(tx: Tx, actor: Actor, id: string): Promise<Seller> {
  const [row] = await tx.select({ seller: storeSellers, productCount }).from(storeSellers)
    .where(and(eq(storeSellers.id, id), eq(storeSellers.adminId, providerOf(actor))));
  if (!row) throw notFound(M.sellerNotFound);
  return presentSeller({ ...row.seller, productCount: row.productCount });
}

export async function addSeller(tx: Tx, actor: Actor, input: SellerInput): Promise<Seller> {
  const [row] = await tx.insert(storeSellers).values({ adminId: providerOf(actor), ...columnsOf(input) }).returning();
  return presentSeller({ ...row!, productCount: 0 });
}

/** docs/domains/store.md "Data and calls"'s GET /seller/get: a page, or with isDropDown every seller by name. */
export async function listSellers(tx: Tx, actor: Actor, q: z.output<typeof sellerListQuery>): Promise<SellerListAnswer> {
  const where = and(
    eq(storeSellers.adminId, providerOf(actor)),
    q.search ? or(ilike(storeSellers.firstName, likePattern(q.search)), ilike(storeSellers.lastName, likePattern(q.search))) : undefined,
  )!;
  const query = tx.select({ seller: storeSellers, productCount, total: totalRows }).from(storeSellers).where(where);
  const rows = q.isDropDown
    ? await query.orderBy(asc(storeSellers.firstName), asc(storeSellers.lastName))
    : await query.orderBy(desc(storeSellers.createdAt), desc(storeSellers.id)).limit(q.limit).offset(offsetOf(q));
  const page = q.isDropDown ? { page: 1, limit: Math.max(rows.length, 1) } : q;
  const total = await totalOf(rows, page, async () => (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeSellers).where(where))[0]!.n);
  return toListResult(rows.map((r) => presentSeller({ ...r.seller, productCount: r.productCount })), total, page);
}

export async function updateSeller(tx: Tx, actor: Actor, id: string, input: SellerInput): Promise<Seller> {
  await sellerById(tx, actor, id);
  await tx.update(storeSellers).set(columnsOf(input)).where(eq(storeSellers.id, id));
  return sellerById(tx, actor, id);
}

/** The seller's items stay in the provider's store, with no seller. */
export async function deleteSeller(tx: Tx, actor: Actor, id: string): Promise<void> {
  await sellerById(tx, actor, id);
  await tx.delete(storeSellers).where(eq(storeSellers.id, id));
}
