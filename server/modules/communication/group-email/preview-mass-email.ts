import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { fieldError, notFound } from '../../../lib/http-errors.js';
import { queueEmail } from '../../../services/email/queue-email.js';
import { redactLinkTokens } from '../../../services/email/redact-link-tokens.js';
import {
  COMMUNICATION_MESSAGES as M, PREVIEW_CHOICES_MAX, testSubject, type PreviewAnswer, type previewMassEmailBody,
} from '../../../../shared/contracts/communication.js';
import { resolveRecipients, type Recipient } from './recipients.js';
import { copyFor, filesToSend, messageHtml, schoolOf, storedFilesOf, type GroupEmailContext } from './send-mass-email.js';

/** A test copy's kind in the outbox: the sender's own email, never a group send (no send row, nobody told). */
export const GROUP_EMAIL_TEST_KIND = 'group-email-test';

type PreviewInput = z.output<typeof previewMassEmailBody>;

const personOf = (r: Recipient) => ({ _id: r.id, name: `${r.firstName} ${r.lastName}`, email: r.email });

/**
 * The recipients as the send would resolve them (the same function, so the same count), and the
 * one whose merge fields fill the preview: the first by name, or the one chosen, who must be among
 * them (anyone else, of this school or another, is not found).
 */
async function recipientsAndChosen(tx: Tx, adminId: string, input: PreviewInput) {
  const { subject: _s, body: _b, attachmentIds: _a, recipientId, ...audience } = input;
  const resolved = await resolveRecipients(tx, adminId, audience);
  if (resolved.recipients.length === 0) throw fieldError('recipients', M.nobodyLeft);
  const chosen = recipientId === undefined ? resolved.recipients[0] : resolved.recipients.find((r) => r.id === recipientId);
  if (!chosen) throw notFound(M.recipientNotChosen);
  return { ...resolved, chosen };
}

/** The count and one real recipient's copy, before anything is sent. */
export async function previewMassEmail(tx: Tx, actor: Actor, input: PreviewInput, ctx: GroupEmailContext): Promise<PreviewAnswer> {
  const adminId = schoolOf(actor);
  const html = messageHtml(input.body);
  await filesToSend(tx, actor, input.attachmentIds);
  const { recipients, unsubscribed, chosen } = await recipientsAndChosen(tx, adminId, input);
  const copy = copyFor({ person: chosen, to: chosen, adminId, schoolName: actor.user.schoolName ?? '', subject: input.subject, html, ctx });
  const choices = recipients.slice(0, PREVIEW_CHOICES_MAX);
  if (!choices.includes(chosen)) choices.push(chosen);
  return {
    count: recipients.length,
    unsubscribed,
    recipient: personOf(chosen),
    choices: choices.map(personOf),
    subject: copy.subject,
    // The recipient's own unsubscribe link is theirs to use, not the sender's.
    text: redactLinkTokens(copy.text),
  };
}

/**
 * The chosen recipient's copy, sent through the outbox to the person at the keyboard alone (the
 * real one in a login-as), with its attachments and an unsubscribe link of their own. It is not a
 * group send: no send row, no one else's bell, nothing in the sends' list.
 */
export async function sendTestEmail(tx: Tx, actor: Actor, input: PreviewInput, ctx: GroupEmailContext) {
  const adminId = schoolOf(actor);
  const html = messageHtml(input.body);
  const files = await filesToSend(tx, actor, input.attachmentIds);
  const { chosen } = await recipientsAndChosen(tx, adminId, input);
  const me = actor.realUser ?? actor.user;
  if (!me.email) throw fieldError('recipientId', M.noOwnAddress);
  const self: Recipient = { id: me.id, email: me.email, firstName: me.firstName, lastName: me.lastName };
  const copy = copyFor({ person: chosen, to: self, adminId, schoolName: actor.user.schoolName ?? '', subject: input.subject, html, ctx });
  await queueEmail(tx, {
    ...copy, subject: testSubject(copy.subject), kind: GROUP_EMAIL_TEST_KIND, adminId, userId: me.id, storedFiles: storedFilesOf(files),
  });
  return { to: me.email };
}
