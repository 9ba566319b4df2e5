import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { storeCartItems, storeCategories, storeOrderItems, storeProducts, storeSellers } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden } from '../../lib/http-errors.js';
import { offsetOf, totalOf, totalRows } from '../../lib/paging.js';
import { decideManageProduct, decideViewProduct, listedStoreOf, mayManageProducts, storeOwnerOf } from '../../policies/store.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import {
  LOW_STOCK_AT, PAGE_SIZE_SEARCH, STORE_MESSAGES as M, type addProductBody, type browseListBody, type stockListBody, type storeListBody, type updateProductBody,
} from '../../../shared/contracts/store.js';
import { likePattern } from '../../lib/name-search.js';
import { checkItemImage } from './item-images.js';
import { enforce, productRow } from './product-access.js';
import type { ProductWithNames } from './presenter.js';
import { changeStock } from './stock.js';

type Page = { rows: ProductWithNames[]; total: number };

const SORT = { createdAt: storeProducts.createdAt, item_name: storeProducts.itemName, item_price: storeProducts.priceCents, quantity: storeProducts.stock } as const;

/** The items of the store the actor keeps (a school's, or the provider's for the superadmin). */
export function managedStore(actor: Actor): SQL {
  const owner = storeOwnerOf(actor);
  if (!owner || !mayManageProducts(actor)) throw forbidden();
  return storeItemsOf(owner, actor.role === 'superadmin');
}

/** The items the actor may browse: the school's and the provider's (the provider: its own). */
function browsableStore(actor: Actor, store?: 'school' | 'provider'): SQL {
  const school = actor.role === 'superadmin' ? sql`false` : and(eq(storeProducts.adminId, actor.adminId!), eq(storeProducts.provider, false))!;
  const which = store === 'school' ? school : store === 'provider' ? eq(storeProducts.provider, true) : or(school, eq(storeProducts.provider, true))!;
  return and(which, isNull(storeProducts.archivedAt))!;
}

type PageQuery = { page: number; limit: number; sortBy: keyof typeof SORT; orderBy: -1 | 1 };

/**
 * A page of products with their category and seller names and the total in the same round trip.
 * The bench's bare server renders this very statement (bench/bare-server.ts), so both run one SQL.
 */
export function productPageQuery(db: Pick<Tx, 'select'>, where: SQL, q: PageQuery) {
  const column = SORT[q.sortBy];
  return db.select({
    product: storeProducts, categoryName: storeCategories.name, sellerFirst: storeSellers.firstName, sellerLast: storeSellers.lastName, total: totalRows,
  }).from(storeProducts)
    .leftJoin(storeCategories, eq(storeCategories.id, storeProducts.categoryId))
    .leftJoin(storeSellers, eq(storeSellers.id, storeProducts.sellerId))
    .where(where)
    .orderBy(q.orderBy === 1 ? asc(column) : desc(column), desc(storeProducts.id))
    .limit(q.limit).offset(offsetOf(q));
}

/** The live items of one store: a school's (provider false) or the provider's; archived ones are gone. */
export const storeItemsOf = (adminId: string, provider: boolean): SQL =>
  and(eq(storeProducts.adminId, adminId), eq(storeProducts.provider, provider), isNull(storeProducts.archivedAt))!;

export async function selectPage(tx: Tx, where: SQL, q: PageQuery): Promise<Page> {
  const rows = await productPageQuery(tx, where, q);
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeProducts).where(where))[0]!.n);
  return { rows: rows.map((r) => ({ ...r.product, categoryName: r.categoryName, sellerFirst: r.sellerFirst, sellerLast: r.sellerLast })), total };
}

function filters(q: { item_name?: string; select_category?: string | null }): SQL[] {
  const out: SQL[] = [];
  if (q.item_name) out.push(ilike(storeProducts.itemName, likePattern(q.item_name)));
  if (q.select_category) out.push(eq(storeProducts.categoryId, q.select_category));
  return out;
}

/** /stores/product-listing: the actor's store (a teacher's: their school's, read only), ten a page, by name and category. */
export function listProducts(tx: Tx, actor: Actor, q: z.output<typeof storeListBody>): Promise<Page> {
  const store = listedStoreOf(actor);
  if (!store) throw forbidden();
  return selectPage(tx, and(storeItemsOf(store.adminId, store.provider), ...filters(q))!, q);
}

/** Inventory: the same list, optionally only the items at or under the low-stock mark, with their count. */
export async function listStock(tx: Tx, actor: Actor, q: z.output<typeof stockListBody>): Promise<Page & { lowStockCount: number }> {
  const store = managedStore(actor);
  const low = sql`${storeProducts.stock} <= ${LOW_STOCK_AT}`;
  const page = await selectPage(tx, and(store, ...filters(q), ...(q.lowOnly ? [low] : []))!, q);
  const [count] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeProducts).where(and(store, low));
  return { ...page, lowStockCount: count!.n };
}

/** /store: the school's store and the provider's, by name, category and store. */
export function browseProducts(tx: Tx, actor: Actor, q: z.output<typeof browseListBody>): Promise<Page> {
  return selectPage(tx, and(browsableStore(actor, q.store), ...filters(q))!, q);
}

/** /store/search: the first items whose name has the letters, of both stores, by name. */
export async function searchProducts(tx: Tx, actor: Actor, itemName: string): Promise<Page> {
  return selectPage(tx, and(browsableStore(actor), ...filters({ item_name: itemName }))!, { page: 1, limit: PAGE_SIZE_SEARCH, sortBy: 'item_name', orderBy: 1 });
}

/** One item with its names, if the actor may see it. */
export async function viewProduct(tx: Tx, actor: Actor, id: string): Promise<ProductWithNames> {
  const product = await productRow(tx, id);
  enforce(decideViewProduct(actor, product));
  const { rows } = await selectPage(tx, eq(storeProducts.id, id), { page: 1, limit: 1, sortBy: 'createdAt', orderBy: -1 });
  return rows[0]!;
}

type Fields = z.output<typeof updateProductBody>;

/** A category of the actor's store, and a seller only for the provider's items. */
async function checkReferences(tx: Tx, actor: Actor, f: Pick<Fields, 'select_category' | 'sellerId'>): Promise<void> {
  if (f.select_category) {
    const [category] = await tx.select({ id: storeCategories.id }).from(storeCategories)
      .where(and(eq(storeCategories.id, f.select_category), eq(storeCategories.adminId, storeOwnerOf(actor)!), eq(storeCategories.provider, actor.role === 'superadmin')));
    if (!category) throw fieldError('select_category', M.categoryUnknown);
  }
  if (f.sellerId) {
    if (actor.role !== 'superadmin') throw fieldError('sellerId', M.sellerUnknown);
    const [seller] = await tx.select({ id: storeSellers.id }).from(storeSellers).where(and(eq(storeSellers.id, f.sellerId), eq(storeSellers.adminId, actor.id)));
    if (!seller) throw fieldError('sellerId', M.sellerUnknown);
  }
}

function columnsOf(f: Omit<Fields, 'id'>) {
  return {
    itemName: f.item_name,
    itemCode: f.item_code || null,
    priceCents: f.item_price,
    shippingCents: f.shipping_cost,
    taxApplicable: f.tax_applicable,
    imageFileId: f.item_image,
    categoryId: f.select_category,
    sellerId: f.sellerId,
  };
}

export async function addProduct(tx: Tx, actor: Actor, signer: FileLinkSigner, input: z.output<typeof addProductBody>): Promise<string> {
  managedStore(actor);
  await checkReferences(tx, actor, input);
  await checkItemImage(tx, actor, signer, input.item_image, null);
  const adminId = storeOwnerOf(actor)!;
  const [row] = await tx.insert(storeProducts)
    .values({ ...columnsOf(input), adminId, provider: actor.role === 'superadmin', stock: 0, createdBy: actor.accountableId })
    .returning({ id: storeProducts.id });
  // The opening stock is the first line of the item's history.
  if (input.quantity > 0) await changeStock(tx, { productId: row!.id, adminId, change: input.quantity, reason: 'Opening stock', by: actor.accountableId });
  return row!.id;
}

export async function updateProduct(tx: Tx, actor: Actor, signer: FileLinkSigner, input: Fields): Promise<string> {
  const product = await productRow(tx, input.id);
  enforce(decideManageProduct(actor, product));
  await checkReferences(tx, actor, input);
  await checkItemImage(tx, actor, signer, input.item_image, product.imageFileId);
  await tx.update(storeProducts).set({ ...columnsOf(input), updatedAt: new Date() }).where(eq(storeProducts.id, product.id));
  return product.id;
}

export async function removeProduct(tx: Tx, actor: Actor, id: string): Promise<void> {
  const product = await productRow(tx, id);
  enforce(decideManageProduct(actor, product));
  // An item some order names stays for that order's lines and invoices: archived, hidden from the store and from carts.
  const [ordered] = await tx.select({ id: storeOrderItems.id }).from(storeOrderItems).where(eq(storeOrderItems.productId, product.id)).limit(1);
  if (!ordered) return void await tx.delete(storeProducts).where(eq(storeProducts.id, product.id));
  await tx.update(storeProducts).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(storeProducts.id, product.id));
  await tx.delete(storeCartItems).where(eq(storeCartItems.productId, product.id));
}
