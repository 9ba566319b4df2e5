import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeProducts } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import type { StoreDecision } from '../../policies/store.js';
import { STORE_MESSAGES as M } from '../../../shared/contracts/store.js';
import type { ProductRow } from './presenter.js';

/** Throws the answer of a decision that is not 'allow'. */
export function enforce(decision: StoreDecision, message: string = M.notFound): void {
  if (decision === 'not-found') throw notFound(message);
  if (decision === 'forbidden') throw forbidden();
}

/**
 * A product as row-level security lets the caller's school see it (its own or the provider's).
 * An archived one (removed while orders name it) is gone for every store call.
 */
export async function productRow(tx: Tx, id: string): Promise<ProductRow> {
  const [row] = await tx.select().from(storeProducts).where(eq(storeProducts.id, id));
  if (!row || row.archivedAt) throw notFound(M.notFound);
  return row;
}
