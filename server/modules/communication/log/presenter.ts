import { redactLinkTokens } from '../../../services/email/redact-link-tokens.js';
import type { CommunicationChannel, CommunicationDetail, CommunicationItem, CommunicationStatus } from '../../../../shared/contracts/communication.js';

export type LogRow = {
  id: string; channel: CommunicationChannel; subject: string; status: string; lastError: string | null; toAddress: string;
  createdAt: Date; sentAt: Date | null; groupEmailId: string | null;
  personId: string | null; personFirst: string | null; personLast: string | null; personRole: string | null;
};

/** The outbox's 'pending' is the log's 'queued'. */
const statusOf = (status: string): CommunicationStatus => (status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'queued');

export function presentLogRow(r: LogRow): CommunicationItem {
  const status = statusOf(r.status);
  return {
    _id: r.id,
    date: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    channel: r.channel,
    subject: r.subject,
    status,
    // A queued row with an error is being tried again; its reason says why it waits.
    reason: status === 'sent' ? null : r.lastError,
    to: r.toAddress,
    person: r.personId ? { _id: r.personId, first_name: r.personFirst!, last_name: r.personLast!, role: r.personRole! } : null,
    groupEmailId: r.groupEmailId,
  };
}

/**
 * A message to read. The outbox cuts the tokens out of a row once it is sent or given up on
 * (deliver-pending-emails.ts, decision 021); a row still queued holds them, so the same cut is
 * made here: whatever its status, the log never shows a link that works.
 */
export function presentLogDetail(r: LogRow & { textBody: string; htmlBody: string; attachments: { filename: string }[] }): CommunicationDetail {
  return {
    ...presentLogRow(r),
    text: redactLinkTokens(r.textBody),
    html: redactLinkTokens(r.htmlBody),
    attachments: r.attachments.map((a) => a.filename),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An in-app notification to read: its title and short text (it holds no links but its in-app path). */
export function presentNotificationDetail(r: LogRow, body: string): CommunicationDetail {
  return { ...presentLogRow(r), text: body, html: `<p>${escapeHtml(body)}</p>`, attachments: [] };
}
