import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { emailMessages, groupEmails, users, type GroupEmailFile } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { maySendGroupEmail } from '../../../policies/communication.js';
import { COMMUNICATION_MESSAGES as M, type GroupEmailItem, type massEmailListBody } from '../../../../shared/contracts/communication.js';

type SendRow = {
  id: string; subject: string; createdAt: Date; senderFirst: string | null; senderLast: string | null; recipientCount: number; unsubscribedCount: number;
  attachments: GroupEmailFile[];
};

/** Queued, sent and failed of each send, counted from its email rows in one grouped query. */
async function withProgress(tx: Tx, sends: SendRow[]): Promise<GroupEmailItem[]> {
  if (sends.length === 0) return [];
  const counts = await tx
    .select({ id: emailMessages.groupEmailId, status: emailMessages.status, n: sql<number>`count(*)::int` })
    .from(emailMessages)
    .where(inArray(emailMessages.groupEmailId, sends.map((s) => s.id)))
    .groupBy(emailMessages.groupEmailId, emailMessages.status);
  const of = (id: string, status: string) => counts.find((c) => c.id === id && c.status === status)?.n ?? 0;
  return sends.map((s) => ({
    _id: s.id,
    subject: s.subject,
    createdAt: s.createdAt.toISOString(),
    sender: s.senderFirst ? `${s.senderFirst} ${s.senderLast}` : null,
    recipientCount: s.recipientCount,
    unsubscribedCount: s.unsubscribedCount,
    attachments: s.attachments.map((f) => ({ _id: f.id, name: f.name, size: f.size })),
    queued: of(s.id, 'pending'),
    sent: of(s.id, 'sent'),
    failed: of(s.id, 'failed'),
  }));
}

const columns = {
  id: groupEmails.id, subject: groupEmails.subject, createdAt: groupEmails.createdAt,
  senderFirst: users.firstName, senderLast: users.lastName,
  recipientCount: groupEmails.recipientCount, unsubscribedCount: groupEmails.unsubscribedCount, attachments: groupEmails.attachments,
};

function schoolOf(actor: Actor): string {
  if (!maySendGroupEmail(actor)) throw forbidden();
  return actor.adminId!;
}

/** The school's past sends, newest first, each with its progress. */
export async function listMassEmails(tx: Tx, actor: Actor, q: z.output<typeof massEmailListBody>) {
  const where = eq(groupEmails.adminId, schoolOf(actor));
  const rows = await tx.select({ ...columns, total: totalRows })
    .from(groupEmails).leftJoin(users, eq(users.id, groupEmails.senderId))
    .where(where).orderBy(desc(groupEmails.createdAt), desc(groupEmails.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(groupEmails).where(where))[0]?.n ?? 0);
  return toListResult(await withProgress(tx, rows), total, q);
}

/** One send's progress (the page polls it while the send is being delivered). */
export async function getMassEmail(tx: Tx, actor: Actor, id: string): Promise<GroupEmailItem> {
  const [row] = await tx.select(columns)
    .from(groupEmails).leftJoin(users, eq(users.id, groupEmails.senderId))
    .where(and(eq(groupEmails.id, id), eq(groupEmails.adminId, schoolOf(actor))));
  if (!row) throw notFound(M.sendNotFound);
  return (await withProgress(tx, [row]))[0]!;
}
