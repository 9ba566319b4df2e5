import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeCartItems } from '../../db/schema/index.js';

/**
 * store_cart_items belongs to the store (decision 058): an item leaving the catalogue leaves every
 * cart here, and store-orders, which stands on this module, changes carts through these (the
 * other way round would close an import cycle).
 */
export type NewCartLine = typeof storeCartItems.$inferInsert & { quantity: number };

/** A buyer's line of one item, made or set to this quantity. */
export async function setCartLine(tx: Tx, line: NewCartLine): Promise<void> {
  await tx.insert(storeCartItems)
    .values(line)
    .onConflictDoUpdate({ target: [storeCartItems.userId, storeCartItems.productId], set: { quantity: line.quantity, updatedAt: new Date() } });
}

/** Takes one item out of a buyer's cart; answers whether it was there. */
export async function removeCartLine(tx: Tx, userId: string, productId: string): Promise<boolean> {
  const gone = await tx.delete(storeCartItems).where(and(eq(storeCartItems.userId, userId), eq(storeCartItems.productId, productId))).returning({ id: storeCartItems.id });
  return gone.length > 0;
}

/** Takes the items bought out of the buyer's cart. */
export async function removeCartLines(tx: Tx, userId: string, productIds: string[]): Promise<void> {
  await tx.delete(storeCartItems).where(and(eq(storeCartItems.userId, userId), inArray(storeCartItems.productId, productIds)));
}
