import type { Tx } from '../../db/client.js';
import { emailMessages } from '../../db/schema/index.js';
import type { OutgoingEmail } from './mailer.js';

export type QueuedEmail = OutgoingEmail & { kind: string; adminId: string | null; userId: string | null };

/** Stores the email in the caller's transaction: it is sent only if that work commits. */
export async function queueEmail(tx: Tx, email: QueuedEmail): Promise<void> {
  await tx.insert(emailMessages).values({
    adminId: email.adminId,
    userId: email.userId,
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
  });
}
