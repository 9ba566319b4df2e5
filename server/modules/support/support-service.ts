import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { notifyPeople, providerIds } from '../notifications/index.js';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { schools, supportReplies, supportRequests, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { decideReadSupportRequest, mayAnswerSupport, maySendSupport, supportReach } from '../../policies/support.js';
import {
  SUPPORT_MESSAGES as M, SUPPORT_STATUSES,
  type answerSupportRequestBody, type sendSupportRequestBody, type SupportCounts, type supportListBody,
} from '../../../shared/contracts/support.js';
import { presentDetail, presentRequest, type ReplyRow } from './presenter.js';
import { queueSupportAnswerEmail } from './answer-email.js';

const replyCount = sql<number>`(select count(*) from ${supportReplies} where ${supportReplies.requestId} = ${supportRequests.id})`.mapWith(Number);

const columns = {
  id: supportRequests.id, category: supportRequests.category, subject: supportRequests.subject, status: supportRequests.status,
  createdAt: supportRequests.createdAt, answeredAt: supportRequests.answeredAt, replyCount,
  senderId: supportRequests.senderId, senderFirst: users.firstName, senderLast: users.lastName, senderRole: users.role,
  schoolName: schools.schoolName,
};

/** The requests within the reader's reach: the superadmin every school's (row-level security allows all), anyone else their own. */
function reachCondition(actor: Actor): SQL | undefined {
  const reach = supportReach(actor);
  if (reach === 'all') return undefined;
  if (reach === 'own') return eq(supportRequests.senderId, actor.id);
  throw forbidden();
}

/** A school's person writes; the provider is told in the same transaction, as each superadmin chose for support requests (issue 28). */
export async function sendSupportRequest(tx: Tx, actor: Actor, input: z.output<typeof sendSupportRequestBody>, appUrl: string) {
  if (!maySendSupport(actor.role) || !actor.adminId) throw forbidden();
  const [row] = await tx.insert(supportRequests).values({
    adminId: actor.adminId, senderId: actor.id, category: input.category, subject: input.subject, message: input.message,
  }).returning({ id: supportRequests.id });
  await notifyPeople(tx, {
    adminId: actor.adminId, userIds: await providerIds(tx), kind: 'support-request',
    title: `Support request: ${input.subject}`, body: `From ${actor.user.firstName} ${actor.user.lastName}.`, link: '/support', email: { appUrl },
    group: { key: 'support-request', many: (n) => ({ title: `${n} new support requests` }) },
  });
  return getSupportRequest(tx, actor, row!.id);
}

export async function listSupportRequests(tx: Tx, actor: Actor, q: z.output<typeof supportListBody>) {
  const search = q.search?.trim();
  const scope = and(reachCondition(actor), search ? ilike(supportRequests.subject, likePattern(search)) : undefined);
  const where = and(scope, q.status ? eq(supportRequests.status, q.status) : undefined);
  const rows = await tx.select({ ...columns, total: totalRows })
    .from(supportRequests)
    .leftJoin(users, eq(users.id, supportRequests.senderId))
    .leftJoin(schools, eq(schools.adminId, supportRequests.adminId))
    .where(where)
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(supportRequests).where(where);
    return row?.n ?? 0;
  });
  const byStatus = await tx.select({ status: supportRequests.status, n: sql<number>`count(*)::int` })
    .from(supportRequests).where(scope).groupBy(supportRequests.status);
  const counts = Object.fromEntries(SUPPORT_STATUSES.map((s) => [s, byStatus.find((r) => r.status === s)?.n ?? 0])) as SupportCounts;
  return toListResult(rows.map(presentRequest), total, q, counts);
}

export async function getSupportRequest(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx.select({ ...columns, message: supportRequests.message })
    .from(supportRequests)
    .leftJoin(users, eq(users.id, supportRequests.senderId))
    .leftJoin(schools, eq(schools.adminId, supportRequests.adminId))
    .where(and(eq(supportRequests.id, id), reachCondition(actor)));
  if (!row || decideReadSupportRequest(actor, row) !== 'allow') throw notFound(M.notFound);
  const replies: ReplyRow[] = await tx.select({
    id: supportReplies.id, body: supportReplies.body, createdAt: supportReplies.createdAt, authorFirst: users.firstName, authorLast: users.lastName,
  }).from(supportReplies).leftJoin(users, eq(users.id, supportReplies.authorId))
    .where(eq(supportReplies.requestId, id)).orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  return presentDetail(row, replies);
}

/** The provider's answer: stored, the request marked answered (or closed), the sender emailed after commit. */
export async function answerSupportRequest(tx: Tx, actor: Actor, input: z.output<typeof answerSupportRequestBody>, appUrl: string) {
  if (!mayAnswerSupport(actor.role)) throw forbidden();
  // Locked, so that two answers at once each see the other's status change.
  const [request] = await tx.select({
    id: supportRequests.id, adminId: supportRequests.adminId, senderId: supportRequests.senderId, subject: supportRequests.subject,
  }).from(supportRequests).where(eq(supportRequests.id, input.id)).for('update');
  if (!request) throw notFound(M.notFound);
  await tx.insert(supportReplies).values({ adminId: request.adminId, requestId: request.id, authorId: actor.id, body: input.message });
  await tx.update(supportRequests)
    .set({ status: input.close ? 'closed' : 'answered', answeredAt: new Date() })
    .where(eq(supportRequests.id, request.id));
  await queueSupportAnswerEmail(tx, { ...request, answer: input.message, closed: input.close }, appUrl);
  return getSupportRequest(tx, actor, request.id);
}
