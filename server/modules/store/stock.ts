import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeProducts, storeStockAdjustments, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError } from '../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { decideAdjustStock } from '../../policies/store.js';
import { STOCK_MAX, STORE_MESSAGES as M, type adjustStockBody, type stockHistoryBody } from '../../../shared/contracts/store.js';
import type { z } from 'zod';
import { presentAdjustment } from './presenter.js';
import { enforce, productRow } from './product-access.js';

export type StockChange = { productId: string; adminId: string; change: number; reason: string; by: string | null };

/**
 * The one way a product's stock changes (an adjustment now, an order later): a single guarded
 * UPDATE, so concurrent changes queue on the row and none can take it below zero or above the
 * cap, then the adjustment row in the same transaction. Answers the stock left, or null when the
 * change was refused (not enough stock, or too much).
 */
export async function changeStock(tx: Tx, c: StockChange): Promise<number | null> {
  const [row] = await tx.update(storeProducts)
    .set({ stock: sql`${storeProducts.stock} + ${c.change}`, updatedAt: new Date() })
    .where(and(
      eq(storeProducts.id, c.productId),
      sql`${storeProducts.stock} + ${c.change} >= 0`,
      sql`${storeProducts.stock} + ${c.change} <= ${STOCK_MAX}`,
    ))
    .returning({ stock: storeProducts.stock });
  if (!row) return null;
  await tx.insert(storeStockAdjustments).values({ adminId: c.adminId, productId: c.productId, change: c.change, stockAfter: row.stock, reason: c.reason, adjustedBy: c.by });
  return row.stock;
}

/** Inventory's "Adjust stock": a change with a reason, refused below zero (400 on change). */
export async function adjustStock(tx: Tx, actor: Actor, input: z.output<typeof adjustStockBody>): Promise<{ productId: string; quantity: number }> {
  const product = await productRow(tx, input.productId);
  enforce(decideAdjustStock(actor, product));
  const left = await changeStock(tx, { productId: product.id, adminId: product.adminId, change: input.change, reason: input.reason, by: actor.accountableId });
  if (left === null) throw fieldError('change', input.change < 0 ? M.belowZero : M.aboveMax);
  return { productId: product.id, quantity: left };
}

/** An item's adjustments, newest first. */
export async function stockHistory(tx: Tx, actor: Actor, q: z.output<typeof stockHistoryBody>) {
  const product = await productRow(tx, q.productId);
  enforce(decideAdjustStock(actor, product));
  const rows = await tx.select({
    id: storeStockAdjustments.id, change: storeStockAdjustments.change, stockAfter: storeStockAdjustments.stockAfter, reason: storeStockAdjustments.reason,
    adjustedBy: storeStockAdjustments.adjustedBy, byFirst: users.firstName, byLast: users.lastName, createdAt: storeStockAdjustments.createdAt, total: totalRows,
  }).from(storeStockAdjustments)
    .leftJoin(users, eq(users.id, storeStockAdjustments.adjustedBy))
    .where(eq(storeStockAdjustments.productId, product.id))
    .orderBy(q.orderBy === 1 ? storeStockAdjustments.createdAt : desc(storeStockAdjustments.createdAt), desc(storeStockAdjustments.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeStockAdjustments).where(eq(storeStockAdjustments.productId, product.id)))[0]!.n);
  return toListResult(rows.map(presentAdjustment), total, q);
}
