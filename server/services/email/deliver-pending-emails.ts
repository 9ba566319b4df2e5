import { and, asc, eq, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailMessages, type StoredAttachment } from '../../db/schema/index.js';
import { buffer } from 'node:stream/consumers';
import { StorageNotFoundError, type FileStorage } from '../storage/storage.js';
import type { EmailAttachment, Mailer } from './mailer.js';
import { redactLinkTokens } from './redact-link-tokens.js';

const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * Sends the pending rows. Each row is claimed with SKIP LOCKED, so two app nodes never send the
 * same email, and marked sent in the same transaction as its delivery. A row that fails waits
 * for the next run: one run tries each row once, so an SMTP outage does not use up its attempts.
 * Once sent (or given up), the stored body keeps its links without their tokens, and no attachment's content.
 */
const withoutLiveLinks = (row: { textBody: string; htmlBody: string; attachments: StoredAttachment[]; headers: Record<string, string> }) => ({
  textBody: redactLinkTokens(row.textBody),
  htmlBody: redactLinkTokens(row.htmlBody),
  // List-Unsubscribe holds the same secret link as the body.
  headers: Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, redactLinkTokens(value)])),
  // A file cannot be redacted (an invoice's PDF carries its pay link, compressed): its name stays, its content goes.
  // A stored file's reference holds no bytes and no secret: it stays, so the log can name it.
  attachments: row.attachments.map((a) => ('storageKey' in a ? a : { filename: a.filename, contentType: a.contentType, contentBase64: '' })),
});

/** A stored file that is gone (removed from the Library before delivery): trying again cannot help. */
class AttachmentGoneError extends Error {}

/** The bytes of each attachment: carried in the row, or read from file storage by key. */
async function attachmentsOf(stored: StoredAttachment[], storage: Pick<FileStorage, 'get'>): Promise<EmailAttachment[]> {
  const files: EmailAttachment[] = [];
  for (const a of stored) {
    if (!('storageKey' in a)) {
      files.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') });
      continue;
    }
    try {
      files.push({ filename: a.filename, contentType: a.contentType, content: await buffer(await storage.get(a.storageKey)) });
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new AttachmentGoneError(`The attachment ${a.filename} is no longer in the Library`);
      throw error;
    }
  }
  return files;
}

/** Answers how many emails this run sent. */
/** `now`: a burst's email waits until its send_after (decision 083); tests pass the instant they mean. */
export async function deliverPendingEmails(db: Database, mailer: Mailer, storage: Pick<FileStorage, 'get'>, now = new Date()): Promise<number> {
  let delivered = 0;
  let tried = 0;
  const failed: string[] = [];
  for (;;) {
    const done = await db.transaction({ kind: 'all' }, async (tx) => {
      const [row] = await tx
        .select()
        .from(emailMessages)
        .where(and(
          eq(emailMessages.status, 'pending'),
          lt(emailMessages.attempts, MAX_ATTEMPTS),
          or(isNull(emailMessages.sendAfter), lte(emailMessages.sendAfter, now)),
          failed.length > 0 ? notInArray(emailMessages.id, failed) : undefined,
        ))
        .orderBy(asc(emailMessages.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      try {
        await mailer.deliver({
          to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody,
          ...(Object.keys(row.headers).length > 0 ? { headers: row.headers } : {}),
          attachments: await attachmentsOf(row.attachments, storage),
        });
        await tx
          .update(emailMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailMessages.attempts} + 1`, ...withoutLiveLinks(row) })
          .where(eq(emailMessages.id, row.id));
        delivered += 1;
      } catch (error) {
        failed.push(row.id);
        const attempts = error instanceof AttachmentGoneError ? MAX_ATTEMPTS : row.attempts + 1;
        await tx
          .update(emailMessages)
          .set({
            attempts, lastError: String((error as Error).message).slice(0, 500),
            ...(attempts >= MAX_ATTEMPTS ? { status: 'failed', ...withoutLiveLinks(row) } : { status: 'pending' }),
          })
          .where(eq(emailMessages.id, row.id));
      }
      return true;
    });
    if (!done) return delivered;
    tried += 1;
    // Long runs give the event loop back now and then.
    if (tried % BATCH === 0) await new Promise((r) => setImmediate(r));
  }
}
