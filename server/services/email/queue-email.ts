import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailMessages } from '../../db/schema/index.js';
import type { OutgoingEmail } from './mailer.js';

/** The job that sends the outbox; every queued email wakes it once its transaction commits. */
export const DELIVER_EMAILS_JOB = 'deliver-emails';

/** A file already in storage, sent by reference: the outbox row keeps its key, not its bytes. */
export type StoredFileAttachment = { filename: string; contentType: string; storageKey: string; size: number };

export type QueuedEmail = OutgoingEmail & {
  kind: string; adminId: string | null; userId: string | null; groupEmailId?: string;
  /** Stored files (a group email's Library files): one copy of the bytes for every recipient. */
  storedFiles?: StoredFileAttachment[];
};

/** Rows a statement: 14 parameters each stays far below PostgreSQL's 65,535 a statement. */
const ROWS_PER_INSERT = 1000;

/** Stores the email in the caller's transaction: it is sent only if, and once, that work commits. */
export async function queueEmail(tx: Tx, email: QueuedEmail): Promise<void> {
  await queueEmails(tx, [email]);
}

/** Many at once (an import, a group email): one statement a thousand emails. */
export async function queueEmails(tx: Tx, emails: QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  for (let start = 0; start < emails.length; start += ROWS_PER_INSERT) await insertEmails(tx, emails.slice(start, start + ROWS_PER_INSERT));
  tx.afterCommit({ job: DELIVER_EMAILS_JOB });
}

async function insertEmails(tx: Tx, emails: QueuedEmail[]): Promise<void> {
  await tx.insert(emailMessages).values(emails.map((email) => ({
    adminId: email.adminId,
    userId: email.userId,
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    attachments: [
      ...(email.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, contentBase64: a.content.toString('base64') })),
      ...(email.storedFiles ?? []).map((f) => ({ filename: f.filename, contentType: f.contentType, storageKey: f.storageKey, size: f.size })),
    ],
    headers: email.headers ?? {},
    groupEmailId: email.groupEmailId ?? null,
  })));
}

/**
 * One email for a burst (decision 083): the first event of a group queues it to go after the
 * window; each next event while it waits counts on that same pending row and rewrites its words
 * from the count (`render`), so thirty payments in a minute are one email. The row's wait is not
 * lengthened: the first event's window bounds how late the news is.
 */
export async function queueGroupedEmail(
  tx: Tx,
  email: Omit<QueuedEmail, 'subject' | 'text' | 'html' | 'attachments' | 'storedFiles'> & { userId: string },
  group: { key: string; sendAfter: Date; render: (count: number) => Pick<OutgoingEmail, 'subject' | 'text' | 'html'> },
): Promise<number> {
  const first = group.render(1);
  const [row] = await tx.insert(emailMessages).values({
    adminId: email.adminId, userId: email.userId, kind: email.kind, toAddress: email.to,
    subject: first.subject, textBody: first.text, htmlBody: first.html, groupKey: group.key, sendAfter: group.sendAfter,
  }).onConflictDoUpdate({
    target: [emailMessages.userId, emailMessages.groupKey],
    targetWhere: sql`${emailMessages.status} = 'pending' and ${emailMessages.groupKey} is not null`,
    set: { groupCount: sql`${emailMessages.groupCount} + 1`, toAddress: email.to },
  }).returning({ id: emailMessages.id, count: emailMessages.groupCount });
  if (row!.count > 1) {
    const words = group.render(row!.count);
    await tx.update(emailMessages).set({ subject: words.subject, textBody: words.text, htmlBody: words.html }).where(sql`${emailMessages.id} = ${row!.id}`);
  }
  tx.afterCommit({ job: DELIVER_EMAILS_JOB });
  return row!.count;
}
