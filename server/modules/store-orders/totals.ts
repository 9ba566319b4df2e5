import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeSettings } from '../../db/schema/index.js';

/** A store's tax rate in basis points (0 until its owner sets one). The provider's is read by every school. */
export async function taxRateOf(tx: Tx, storeAdminId: string): Promise<number> {
  const [row] = await tx.select({ bp: storeSettings.taxRateBp }).from(storeSettings).where(eq(storeSettings.adminId, storeAdminId));
  return row?.bp ?? 0;
}

/**
 * The store's next order number ("#1001" first), taken in the order's transaction: the row's lock
 * keeps two checkouts of one store from taking the same number, and a checkout that fails gives
 * it back with its rollback. Answers the number and the store's tax rate.
 */
export async function takeOrderNumber(tx: Tx, storeAdminId: string, provider: boolean): Promise<{ number: number; taxRateBp: number }> {
  const [row] = await tx.insert(storeSettings).values({ adminId: storeAdminId, provider, nextOrderNumber: 1002 })
    .onConflictDoUpdate({ target: storeSettings.adminId, set: { nextOrderNumber: sql`${storeSettings.nextOrderNumber} + 1` } })
    .returning({ next: storeSettings.nextOrderNumber, taxRateBp: storeSettings.taxRateBp });
  return { number: row!.next - 1, taxRateBp: row!.taxRateBp };
}

/** The owner's tax rate setting (percent with two decimals, kept in basis points). */
export async function setTaxRate(tx: Tx, storeAdminId: string, provider: boolean, taxRateBp: number): Promise<number> {
  await tx.insert(storeSettings).values({ adminId: storeAdminId, provider, taxRateBp })
    .onConflictDoUpdate({ target: storeSettings.adminId, set: { taxRateBp, updatedAt: new Date() } });
  const [row] = await tx.select({ bp: storeSettings.taxRateBp }).from(storeSettings).where(and(eq(storeSettings.adminId, storeAdminId)));
  return row!.bp;
}
