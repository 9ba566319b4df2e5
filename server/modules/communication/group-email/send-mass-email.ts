import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { groupEmails } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { conflict, fieldError, forbidden } from '../../../lib/http-errors.js';
import { maySendGroupEmail } from '../../../policies/communication.js';
import { queueEmails, type QueuedEmail } from '../../../services/email/queue-email.js';
import {
  COMMUNICATION_MESSAGES as M, GROUP_EMAIL_ATTACHMENTS_MAX_BYTES, type audienceBody, type sendMassEmailBody,
} from '../../../../shared/contracts/communication.js';
import { assertEmailableFile, type EmailableFile } from '../../library/index.js';
import { notifyEach } from '../../notifications/index.js';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken, type UnsubscribeKey } from '../unsubscribe/unsubscribe-token.js';
import { composeGroupEmail } from './compose-group-email.js';
import { resolveRecipients, type Recipient } from './recipients.js';
import { htmlToText, sanitizeBody } from './sanitize-body.js';

export type GroupEmailContext = { appUrl: string; unsubscribeKey: UnsubscribeKey };
export const GROUP_EMAIL_KIND = 'group-email';

export function schoolOf(actor: Actor): string {
  if (!maySendGroupEmail(actor)) throw forbidden();
  return actor.adminId!;
}

/** The recipient count shown before sending. */
export async function countRecipients(tx: Tx, actor: Actor, audience: z.output<typeof audienceBody>) {
  const { recipients, unsubscribed } = await resolveRecipients(tx, schoolOf(actor), audience);
  return { count: recipients.length, unsubscribed };
}

/** The Library files to send: each one the sender may attach, and all of them within the size cap. */
export async function filesToSend(tx: Tx, actor: Actor, ids: string[]): Promise<EmailableFile[]> {
  const files: EmailableFile[] = [];
  for (const id of new Set(ids)) files.push(await assertEmailableFile(tx, actor, id, 'attachmentIds'));
  if (files.reduce((sum, f) => sum + f.size, 0) > GROUP_EMAIL_ATTACHMENTS_MAX_BYTES) throw fieldError('attachmentIds', M.attachmentsTooLarge);
  return files;
}

/** By reference: each row names the stored bytes, which the delivery reads (decision 042). */
export const storedFilesOf = (files: EmailableFile[]) =>
  files.map((f) => ({ filename: f.name, contentType: f.contentType, storageKey: f.storageKey, size: f.size }));

/** The message as the server will send it: sanitised, and refused when nothing readable is left. */
export function messageHtml(body: string): string {
  const html = sanitizeBody(body);
  if (htmlToText(html) === '') throw fieldError('body', M.bodyRequired);
  return html;
}

/**
 * One person's copy: the one composition the send, its preview and its test share, so that what
 * the sender previews and tests is what the recipients get. `person` is whose merge fields fill
 * it; the copy goes to `to` and its unsubscribe link is `to`'s own.
 */
export function copyFor(input: {
  person: Recipient; to: Recipient; adminId: string; schoolName: string; subject: string; html: string; ctx: GroupEmailContext;
}) {
  const token = unsubscribeToken(input.ctx.unsubscribeKey, { userId: input.to.id, adminId: input.adminId });
  return composeGroupEmail({
    to: input.to.email, subject: input.subject, html: input.html,
    values: { first_name: input.person.firstName, last_name: input.person.lastName, school_name: input.schoolName },
    unsubscribePage: unsubscribePageUrl(input.ctx.appUrl, token),
    unsubscribeApi: unsubscribeApiUrl(input.ctx.appUrl, token),
  });
}

/**
 * Writes the send and one email row a recipient, in this transaction, and returns: delivery is
 * the deliver-emails job's, woken once the request commits. A school of thousands is a handful of
 * statements (queueEmails inserts a thousand rows a statement).
 */
export async function sendMassEmail(tx: Tx, actor: Actor, input: z.output<typeof sendMassEmailBody>, ctx: GroupEmailContext) {
  const adminId = schoolOf(actor);
  const html = messageHtml(input.body);
  const { subject, body: _body, attachmentIds, confirmedCount, ...audience } = input;
  const files = await filesToSend(tx, actor, attachmentIds);
  const { recipients, unsubscribed } = await resolveRecipients(tx, adminId, audience);
  if (recipients.length === 0) throw fieldError('recipients', M.nobodyLeft);
  // The sender confirmed a number; people joined, left or unsubscribed since: ask again.
  if (confirmedCount !== undefined && confirmedCount !== recipients.length) throw conflict(M.countChanged(recipients.length));

  const [send] = await tx.insert(groupEmails).values({
    adminId, senderId: actor.accountableId, subject, htmlBody: html, audience, recipientCount: recipients.length, unsubscribedCount: unsubscribed,
    attachments: files.map((f) => ({ id: f.id, name: f.name, size: f.size })),
  }).returning({ id: groupEmails.id });
  const storedFiles = storedFilesOf(files);
  const schoolName = actor.user.schoolName ?? '';
  const emails: QueuedEmail[] = recipients.map((r) => ({
    ...copyFor({ person: r, to: r, adminId, schoolName, subject, html, ctx }),
    kind: GROUP_EMAIL_KIND, adminId, userId: r.id, groupEmailId: send!.id, storedFiles,
  }));
  await queueEmails(tx, emails);
  await notifyEach(tx, adminId, emails.map((e) => ({
    userId: e.userId!, kind: GROUP_EMAIL_KIND, title: e.subject, body: `${schoolName || 'Your school'} sent you an email.`, link: '/reporting/communication-log',
  })));
  return { _id: send!.id, recipientCount: recipients.length, unsubscribedCount: unsubscribed };
}
