import type { Role } from '../../../shared/roles.js';
import type { SupportCategory, SupportReply, SupportRequestDetail, SupportRequestItem, SupportStatus } from '../../../shared/contracts/support.js';

export type RequestRow = {
  id: string; category: string; subject: string; status: string; createdAt: Date; answeredAt: Date | null; replyCount: number;
  senderId: string; senderFirst: string | null; senderLast: string | null; senderRole: string | null; schoolName: string | null;
};

export function presentRequest(row: RequestRow): SupportRequestItem {
  return {
    _id: row.id,
    category: row.category as SupportCategory,
    subject: row.subject,
    status: row.status as SupportStatus,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    replyCount: row.replyCount,
    sender: { _id: row.senderId, first_name: row.senderFirst ?? '', last_name: row.senderLast ?? '', role: (row.senderRole ?? 'admin') as Role },
    schoolName: row.schoolName,
  };
}

export type ReplyRow = { id: string; body: string; createdAt: Date; authorFirst: string | null; authorLast: string | null };

export function presentDetail(row: RequestRow & { message: string }, replies: ReplyRow[]): SupportRequestDetail {
  return {
    ...presentRequest(row),
    message: row.message,
    replies: replies.map((r): SupportReply => ({
      _id: r.id,
      message: r.body,
      createdAt: r.createdAt.toISOString(),
      author: r.authorFirst === null ? null : { first_name: r.authorFirst, last_name: r.authorLast ?? '' },
    })),
  };
}
