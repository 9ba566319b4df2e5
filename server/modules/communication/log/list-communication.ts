import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { emailMessages, schools, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { notFound } from '../../../lib/http-errors.js';
import { likePattern, nameMatches } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { COMMUNICATION_MESSAGES as M, type communicationLogBody } from '../../../../shared/contracts/communication.js';
import { logScopeCondition } from './log-scope.js';
import { presentLogDetail, presentLogRow } from './presenter.js';

type LogQuery = z.output<typeof communicationLogBody>;

const rowColumns = {
  id: emailMessages.id, subject: emailMessages.subject, status: emailMessages.status, lastError: emailMessages.lastError,
  attempts: emailMessages.attempts, toAddress: emailMessages.toAddress, createdAt: emailMessages.createdAt, sentAt: emailMessages.sentAt,
  groupEmailId: emailMessages.groupEmailId,
  personId: users.id, personFirst: users.firstName, personLast: users.lastName, personRole: users.role,
};

const OUTBOX_STATUS = { queued: 'pending', sent: 'sent', failed: 'failed' } as const;

/** From 00:00 of `from` to the end of `to`, on the school's clock. */
async function dateRange(tx: Tx, actor: Actor, q: LogQuery): Promise<SQL[]> {
  if (!q.from && !q.to) return [];
  const [school] = await tx.select({ zone: schools.timeZone }).from(schools).where(eq(schools.adminId, actor.adminId!));
  const zone = school?.zone ?? 'UTC';
  const dayStart = (date: string) => DateTime.fromISO(date, { zone }).startOf('day').toJSDate();
  return [
    ...(q.from ? [gte(emailMessages.createdAt, dayStart(q.from))] : []),
    ...(q.to ? [lt(emailMessages.createdAt, DateTime.fromJSDate(dayStart(q.to)).setZone(zone).plus({ days: 1 }).toJSDate())] : []),
  ];
}

/** The log, newest first: today every email of the outbox (notifications join as another channel). */
export async function listCommunication(tx: Tx, actor: Actor, q: LogQuery) {
  const search = q.search?.trim();
  const where = and(
    logScopeCondition(actor),
    ...(await dateRange(tx, actor, q)),
    q.status ? eq(emailMessages.status, OUTBOX_STATUS[q.status]) : undefined,
    search ? or(ilike(emailMessages.subject, likePattern(search)), ilike(emailMessages.toAddress, likePattern(search)), nameMatches(search)) : undefined,
  );
  const rows = await tx.select({ ...rowColumns, total: totalRows })
    .from(emailMessages).leftJoin(users, eq(users.id, emailMessages.userId))
    .where(where).orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(emailMessages).leftJoin(users, eq(users.id, emailMessages.userId)).where(where);
    return row?.n ?? 0;
  });
  return toListResult(rows.map(presentLogRow), total, q);
}

/** One message to read, with its secret links cut out; outside the reader's reach it is 404. */
export async function getCommunication(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx.select({ ...rowColumns, textBody: emailMessages.textBody, htmlBody: emailMessages.htmlBody, attachments: emailMessages.attachments })
    .from(emailMessages).leftJoin(users, eq(users.id, emailMessages.userId))
    .where(and(eq(emailMessages.id, id), logScopeCondition(actor)));
  if (!row) throw notFound(M.messageNotFound);
  return presentLogDetail(row);
}
