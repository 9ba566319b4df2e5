import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { queueEmail } from '../../services/email/queue-email.js';
import type { OutgoingEmail } from '../../services/email/mailer.js';
import { notifyPeople } from '../notifications/index.js';

/**
 * Tells the provider (every active superadmin) of an event of a school's plan: a bell
 * notification and an email each, queued in the caller's transaction (decision 076). The
 * transaction must see every school ({ kind: 'all' }): a school's own cannot see the provider's rows.
 */
export async function tellProvider(tx: Tx, f: { adminId: string; kind: string; link: string; email: Omit<OutgoingEmail, 'to'> }): Promise<number> {
  const provider = await tx.select({ id: users.id, email: users.email }).from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.status, true)));
  await notifyPeople(tx, { adminId: f.adminId, userIds: provider.map((p) => p.id), kind: f.kind, title: f.email.subject, link: f.link });
  for (const p of provider) {
    if (p.email) await queueEmail(tx, { ...f.email, to: p.email, kind: f.kind, adminId: null, userId: p.id });
  }
  return provider.length;
}
