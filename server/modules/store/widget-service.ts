import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppServices } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { schools, storeProducts, storeWidgetItems, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { dollarsOf } from '../../../shared/money.js';
import { STORE_WIDGET_MAX, STORE_WIDGET_MESSAGES as M, type PublicStoreWidget } from '../../../shared/contracts/store-widget.js';
import { mayBuildStoreWidget } from '../../policies/store.js';
import { fileRefsOf } from '../library/index.js';
import type { ProductWithNames } from './presenter.js';
import { selectPage, storeItemsOf } from './product-service.js';

/** The most items the builder offers to choose from (a school's store has tens, not thousands). */
const CHOICES_MAX = 1000;

/** The school's own items (never the provider's: the widget is the school's store on its site). */
const schoolItems = (adminId: string) => storeItemsOf(adminId, false);

function builderSchool(actor: Actor): string {
  if (!mayBuildStoreWidget(actor) || !actor.adminId) throw forbidden();
  return actor.adminId;
}

async function chosenIds(tx: Tx, adminId: string): Promise<string[]> {
  const rows = await tx.select({ id: storeWidgetItems.productId }).from(storeWidgetItems)
    .where(eq(storeWidgetItems.adminId, adminId)).orderBy(asc(storeWidgetItems.position));
  return rows.map((r) => r.id);
}

/** The chosen items with their names, in the admin's order. */
export async function chosenProducts(tx: Tx, adminId: string): Promise<ProductWithNames[]> {
  const ids = await chosenIds(tx, adminId);
  if (ids.length === 0) return [];
  const { rows } = await selectPage(tx, and(schoolItems(adminId), inArray(storeProducts.id, ids))!, { page: 1, limit: STORE_WIDGET_MAX, sortBy: 'createdAt', orderBy: -1 });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Store Builder: the chosen items, and every item of the school's store to choose from. */
export async function getStoreWidget(tx: Tx, actor: Actor): Promise<{ adminId: string; chosen: ProductWithNames[]; available: { _id: string; item_name: string; item_price: number; inStock: boolean }[] }> {
  const adminId = builderSchool(actor);
  const rows = await tx.select({ id: storeProducts.id, name: storeProducts.itemName, price: storeProducts.priceCents, stock: storeProducts.stock })
    .from(storeProducts).where(schoolItems(adminId)).orderBy(asc(sql`lower(${storeProducts.itemName})`), asc(storeProducts.id)).limit(CHOICES_MAX);
  return {
    adminId,
    chosen: await chosenProducts(tx, adminId),
    available: rows.map((r) => ({ _id: r.id, item_name: r.name, item_price: dollarsOf(r.price), inStock: r.stock > 0 })),
  };
}

/** Saves the widget's items in the order given, replacing the previous choice. */
export async function setStoreWidget(tx: Tx, actor: Actor, productIds: string[]): Promise<void> {
  const adminId = builderSchool(actor);
  if (productIds.length > 0) {
    const found = await tx.select({ id: storeProducts.id }).from(storeProducts).where(and(schoolItems(adminId), inArray(storeProducts.id, productIds)));
    if (found.length !== productIds.length) throw fieldError('productIds', M.unknownProduct);
  }
  await tx.delete(storeWidgetItems).where(eq(storeWidgetItems.adminId, adminId));
  if (productIds.length > 0) await tx.insert(storeWidgetItems).values(productIds.map((productId, position) => ({ productId, adminId, position })));
}

/**
 * The public store widget (no token): an open school with the store, and its chosen items with
 * image, price and whether they are in stock. Anything else is 404, saying no more.
 */
export async function publicStoreWidget(s: Pick<AppServices, 'db' | 'fileLinks'>, adminId: string): Promise<PublicStoreWidget> {
  return s.db.transaction({ kind: 'school', adminId }, async (tx) => {
    const [school] = await tx.select({ name: schools.schoolName, showStore: schools.showStore }).from(users).innerJoin(schools, eq(schools.adminId, users.id))
      .where(and(eq(users.id, adminId), eq(users.role, 'admin'), sql`app_school_open(${users.id}, null)`)).limit(1);
    if (!school?.showStore) throw notFound(M.unavailable);
    const rows = await chosenProducts(tx, adminId);
    const images = new Map((await fileRefsOf(tx, s.fileLinks, rows.flatMap((r) => (r.imageFileId ? [r.imageFileId] : [])))).map((f) => [f._id, f]));
    return {
      adminId,
      school_name: school.name,
      items: rows.map((r) => {
        const image = r.imageFileId ? images.get(r.imageFileId) : undefined;
        return {
          _id: r.id, item_name: r.itemName, item_code: r.itemCode, item_price: dollarsOf(r.priceCents),
          item_image: image ? [{ _id: image._id, location: image.url }] : [], inStock: r.stock > 0,
        };
      }),
    };
  });
}
