import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { storeCartItems, storeProducts } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { decideViewProduct } from '../../policies/store.js';
import { mayBuy } from '../../policies/store-orders.js';
import { STORE_MESSAGES } from '../../../shared/contracts/store.js';
import { CART_LINES_MAX, CART_QUANTITY_MAX, ORDER_MESSAGES as M, type addToCartBody } from '../../../shared/contracts/store-orders.js';
import { enforce, removeCartLine, setCartLine } from '../store/index.js';
import { orderTotalsOf, type TotalsCents } from '../../../shared/money.js';
import { taxRateOf } from './totals.js';

export type CartRow = {
  id: string;
  quantity: number;
  product: typeof storeProducts.$inferSelect;
};
export type Cart = { rows: CartRow[]; storeAdminId: string | null; provider: boolean; totals: TotalsCents };

export function assertBuyer(actor: Actor): void {
  if (!mayBuy(actor)) throw forbidden(actor.role === 'superadmin' ? M.noBuyer : undefined);
}

/** The buyer's cart lines with their items as they are now (prices are never kept in the cart). */
export async function cartRows(tx: Tx, userId: string): Promise<CartRow[]> {
  return tx.select({ id: storeCartItems.id, quantity: storeCartItems.quantity, product: storeProducts })
    .from(storeCartItems)
    .innerJoin(storeProducts, eq(storeProducts.id, storeCartItems.productId))
    .where(eq(storeCartItems.userId, userId))
    .orderBy(asc(storeCartItems.createdAt), asc(storeCartItems.id));
}

/** The cart and its totals at its store's tax rate, all from the rows. */
export async function loadCart(tx: Tx, userId: string): Promise<Cart> {
  const rows = (await cartRows(tx, userId)).filter((r) => r.product.archivedAt === null);
  const first = rows[0]?.product;
  const taxRateBp = first ? await taxRateOf(tx, first.adminId) : 0;
  const totals = orderTotalsOf(rows.map((r) => ({ ...r.product, quantity: r.quantity })), taxRateBp);
  return { rows, storeAdminId: first?.adminId ?? null, provider: first?.provider ?? false, totals };
}

/**
 * /cart/addtoCart: adds to the item's line (the store's "Add to cart") or sets it (the cart's up and
 * down). A cart holds one store's items (decision 046); it never holds more than the stock.
 */
export async function addToCart(tx: Tx, actor: Actor, input: z.output<typeof addToCartBody>): Promise<void> {
  assertBuyer(actor);
  const [product] = await tx.select().from(storeProducts).where(eq(storeProducts.id, input.storeId));
  if (!product || product.archivedAt) throw notFound(STORE_MESSAGES.notFound);
  enforce(decideViewProduct(actor, product));
  const [otherStore] = await tx.select({ id: storeCartItems.id }).from(storeCartItems)
    .where(and(eq(storeCartItems.userId, actor.id), ne(storeCartItems.storeAdminId, product.adminId))).limit(1);
  if (otherStore) throw conflict(M.otherStore);
  const [line] = await tx.select().from(storeCartItems).where(and(eq(storeCartItems.userId, actor.id), eq(storeCartItems.productId, product.id)));
  const quantity = input.add ? (line?.quantity ?? 0) + input.quantity : input.quantity;
  if (quantity > CART_QUANTITY_MAX) throw fieldError('quantity', M.quantityInvalid);
  if (product.stock === 0) throw conflict(M.outOfStock(product.itemName));
  if (quantity > product.stock) throw conflict(M.onlyLeft(product.itemName, product.stock));
  if (!line) {
    const [count] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeCartItems).where(eq(storeCartItems.userId, actor.id));
    if (count!.n >= CART_LINES_MAX) throw conflict(M.cartFull);
  }
  await setCartLine(tx, { adminId: actor.adminId!, userId: actor.id, productId: product.id, storeAdminId: product.adminId, quantity });
}

/** /cart/removeCart: the item's line out of the caller's cart. */
export async function removeFromCart(tx: Tx, actor: Actor, productId: string): Promise<void> {
  assertBuyer(actor);
  if (!(await removeCartLine(tx, actor.id, productId))) throw notFound(M.notInCart);
}
