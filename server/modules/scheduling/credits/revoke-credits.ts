import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { makeupCredits } from '../../../db/schema/index.js';

/** A lesson back on the calendar takes back its unused credits; one already spent on a make-up stays used. */
export async function revokeUnusedCredits(tx: Tx, lessonIds: string[]) {
  if (lessonIds.length === 0) return;
  await tx.update(makeupCredits).set({ status: 'revoked' })
    .where(and(inArray(makeupCredits.lessonId, lessonIds), eq(makeupCredits.status, 'available')));
}
