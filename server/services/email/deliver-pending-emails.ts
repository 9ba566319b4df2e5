import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailMessages } from '../../db/schema/index.js';
import type { Mailer } from './mailer.js';

const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * Sends the pending rows. Each row is claimed with SKIP LOCKED, so two app nodes never send the
 * same email, and marked sent in the same transaction as its delivery.
 */
export async function deliverPendingEmails(db: Database, mailer: Mailer): Promise<number> {
  let delivered = 0;
  for (;;) {
    const done = await db.transaction({ kind: 'all' }, async (tx) => {
      const [row] = await tx
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.status, 'pending'), lt(emailMessages.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(emailMessages.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      try {
        await mailer.deliver({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
        await tx
          .update(emailMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailMessages.attempts} + 1` })
          .where(eq(emailMessages.id, row.id));
      } catch (error) {
        const attempts = row.attempts + 1;
        await tx
          .update(emailMessages)
          .set({ attempts, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', lastError: String((error as Error).message).slice(0, 500) })
          .where(eq(emailMessages.id, row.id));
      }
      return true;
    });
    if (!done) return delivered;
    delivered += 1;
    if (delivered % BATCH === 0) await new Promise((r) => setImmediate(r));
  }
}
