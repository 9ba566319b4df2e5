import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { groupEmails } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { fieldError, forbidden } from '../../../lib/http-errors.js';
import { maySendGroupEmail } from '../../../policies/communication.js';
import { queueEmails, type QueuedEmail } from '../../../services/email/queue-email.js';
import {
  COMMUNICATION_MESSAGES as M, GROUP_EMAIL_ATTACHMENTS_MAX_BYTES, type audienceBody, type sendMassEmailBody,
} from '../../../../shared/contracts/communication.js';
import { assertEmailableFile, type EmailableFile } from '../../library/index.js';
import { notifyEach } from '../../notifications/index.js';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken, type UnsubscribeKey } from '../unsubscribe/unsubscribe-token.js';
import { composeGroupEmail } from './compose-group-email.js';
import { resolveRecipients } from './recipients.js';
import { htmlToText, sanitizeBody } from './sanitize-body.js';

export type GroupEmailContext = { appUrl: string; unsubscribeKey: UnsubscribeKey };
export const GROUP_EMAIL_KIND = 'group-email';

function schoolOf(actor: Actor): string {
  if (!maySendGroupEmail(actor)) throw forbidden();
  return actor.adminId!;
}

/** The recipient count shown before sending. */
export async function countRecipients(tx: Tx, actor: Actor, audience: z.output<typeof audienceBody>) {
  const { recipients, unsubscribed } = await resolveRecipients(tx, schoolOf(actor), audience);
  return { count: recipients.length, unsubscribed };
}

/** The Library files to send: each one the sender may attach, and all of them within the size cap. */
async function filesToSend(tx: Tx, actor: Actor, ids: string[]): Promise<EmailableFile[]> {
  const files: EmailableFile[] = [];
  for (const id of new Set(ids)) files.push(await assertEmailableFile(tx, actor, id, 'attachmentIds'));
  if (files.reduce((sum, f) => sum + f.size, 0) > GROUP_EMAIL_ATTACHMENTS_MAX_BYTES) throw fieldError('attachmentIds', M.attachmentsTooLarge);
  return files;
}

/**
 * Writes the send and one email row a recipient, in this transaction, and returns: delivery is
 * the deliver-emails job's, woken once the request commits. A school of thousands is a handful of
 * statements (queueEmails inserts a thousand rows a statement).
 */
export async function sendMassEmail(tx: Tx, actor: Actor, input: z.output<typeof sendMassEmailBody>, ctx: GroupEmailContext) {
  const adminId = schoolOf(actor);
  const html = sanitizeBody(input.body);
  if (htmlToText(html) === '') throw fieldError('body', M.bodyRequired);
  const { subject, body: _body, attachmentIds, ...audience } = input;
  const files = await filesToSend(tx, actor, attachmentIds);
  const { recipients, unsubscribed } = await resolveRecipients(tx, adminId, audience);
  if (recipients.length === 0) throw fieldError('recipients', M.nobodyLeft);

  const [send] = await tx.insert(groupEmails).values({
    adminId, senderId: actor.accountableId, subject, htmlBody: html, audience, recipientCount: recipients.length, unsubscribedCount: unsubscribed,
    attachments: files.map((f) => ({ id: f.id, name: f.name, size: f.size })),
  }).returning({ id: groupEmails.id });
  // By reference: each row names the stored bytes, which the delivery reads (decision 042).
  const storedFiles = files.map((f) => ({ filename: f.name, contentType: f.contentType, storageKey: f.storageKey, size: f.size }));
  const schoolName = actor.user.schoolName ?? '';
  const emails: QueuedEmail[] = recipients.map((r) => {
    const token = unsubscribeToken(ctx.unsubscribeKey, { userId: r.id, adminId });
    return {
      ...composeGroupEmail({
        to: r.email, subject, html,
        values: { first_name: r.firstName, last_name: r.lastName, school_name: schoolName },
        unsubscribePage: unsubscribePageUrl(ctx.appUrl, token),
        unsubscribeApi: unsubscribeApiUrl(ctx.appUrl, token),
      }),
      kind: GROUP_EMAIL_KIND, adminId, userId: r.id, groupEmailId: send!.id, storedFiles,
    };
  });
  await queueEmails(tx, emails);
  await notifyEach(tx, adminId, emails.map((e) => ({
    userId: e.userId!, kind: GROUP_EMAIL_KIND, title: e.subject, body: `${schoolName || 'Your school'} sent you an email.`, link: '/reporting/communication-log',
  })));
  return { _id: send!.id, recipientCount: recipients.length, unsubscribedCount: unsubscribed };
}
