import { and, desc, eq, gte, ilike, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { emailMessages, notifications, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { notFound } from '../../../lib/http-errors.js';
import { likePattern, nameMatches } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { COMMUNICATION_MESSAGES as M, type CommunicationChannel, type communicationLogBody } from '../../../../shared/contracts/communication.js';
import { logScopeCondition } from './log-scope.js';
import { presentLogDetail, presentLogRow, presentNotificationDetail } from './presenter.js';
import { dayBounds, startOfLocalDay } from '../../../../shared/school-clock.js';
import { schoolZoneOf } from '../../../lib/school-clock.js';

type LogQuery = z.output<typeof communicationLogBody>;

/** Both channels in the log's one shape; a notification is "sent" the moment it is made. */
const emailColumns = {
  id: emailMessages.id, channel: sql<CommunicationChannel>`'email'`, subject: emailMessages.subject, status: emailMessages.status,
  lastError: emailMessages.lastError, toAddress: emailMessages.toAddress, createdAt: emailMessages.createdAt, sentAt: emailMessages.sentAt,
  groupEmailId: emailMessages.groupEmailId, userId: emailMessages.userId,
};
const notificationColumns = {
  id: notifications.id, channel: sql<CommunicationChannel>`'notification'`, subject: notifications.title, status: sql<string>`'sent'`,
  lastError: sql<string | null>`null::text`, toAddress: sql<string>`''`, createdAt: notifications.createdAt, sentAt: notifications.createdAt,
  groupEmailId: sql<string | null>`null::uuid`, userId: notifications.userId,
};
/** Every column named, so the union's columns line up and the outer query can name them. */
function aliased<T extends Record<string, SQLWrapper>>(columns: T) {
  return Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, sql`${column}`.mapWith((v) => v).as(`log_${name}`)])) as { [K in keyof T]: SQL.Aliased<unknown> };
}

type Filters = { scope: { email: SQL; notification: SQL }; from?: Date; to?: Date; status?: string; channel?: CommunicationChannel; search?: string; id?: string };

/** The log's rows of both channels, one subquery: each side filtered by the reader's scope and the filters it can answer. */
function logRows(tx: Tx, f: Filters) {
  const email = tx.select(aliased(emailColumns)).from(emailMessages).where(and(
    f.scope.email,
    f.id ? eq(emailMessages.id, f.id) : undefined,
    f.from ? gte(emailMessages.createdAt, f.from) : undefined,
    f.to ? lt(emailMessages.createdAt, f.to) : undefined,
    f.status ? eq(emailMessages.status, OUTBOX_STATUS[f.status as keyof typeof OUTBOX_STATUS]) : undefined,
    f.channel && f.channel !== 'email' ? sql`false` : undefined,
  ));
  const notification = tx.select(aliased(notificationColumns)).from(notifications).where(and(
    f.scope.notification,
    f.id ? eq(notifications.id, f.id) : undefined,
    f.from ? gte(notifications.createdAt, f.from) : undefined,
    f.to ? lt(notifications.createdAt, f.to) : undefined,
    f.status && f.status !== 'sent' ? sql`false` : undefined,
    f.channel && f.channel !== 'notification' ? sql`false` : undefined,
  ));
  return email.unionAll(notification).as('log');
}

const OUTBOX_STATUS = { queued: 'pending', sent: 'sent', failed: 'failed' } as const;

/** From 00:00 of `from` to the end of `to`, on the school's clock. */
async function dateRange(tx: Tx, actor: Actor, q: LogQuery): Promise<{ from?: Date; to?: Date }> {
  if (!q.from && !q.to) return {};
  const zone = await schoolZoneOf(tx, actor.adminId);
  return {
    from: q.from ? startOfLocalDay(q.from, zone) : undefined,
    to: q.to ? dayBounds(q.to, zone).end : undefined,
  };
}

const scopeOf = (actor: Actor) => ({
  email: logScopeCondition(actor, { adminId: emailMessages.adminId, userId: emailMessages.userId }),
  notification: logScopeCondition(actor, { adminId: notifications.adminId, userId: notifications.userId }),
});

/** The joined row as the presenter reads it: the union's columns and the person. */
function selection(log: ReturnType<typeof logRows>) {
  return {
    id: sql<string>`${log.id}`, channel: sql<CommunicationChannel>`${log.channel}`, subject: sql<string>`${log.subject}`,
    status: sql<string>`${log.status}`, lastError: sql<string | null>`${log.lastError}`, toAddress: sql<string>`${log.toAddress}`,
    createdAt: sql<Date>`${log.createdAt}`.mapWith(emailMessages.createdAt), sentAt: sql<Date | null>`${log.sentAt}`.mapWith(emailMessages.sentAt),
    groupEmailId: sql<string | null>`${log.groupEmailId}`,
    personId: users.id, personFirst: users.firstName, personLast: users.lastName, personRole: users.role,
  };
}

/** The log, newest first: every email of the outbox and every in-app notification. */
export async function listCommunication(tx: Tx, actor: Actor, q: LogQuery) {
  const search = q.search?.trim();
  const log = logRows(tx, { scope: scopeOf(actor), ...(await dateRange(tx, actor, q)), status: q.status, channel: q.channel });
  const where = search ? or(ilike(sql`${log.subject}`, likePattern(search)), ilike(sql`${log.toAddress}`, likePattern(search)), nameMatches(search)) : undefined;
  const rows = await tx.select({ ...selection(log), total: totalRows })
    .from(log).leftJoin(users, eq(users.id, sql`${log.userId}`))
    .where(where).orderBy(desc(sql`${log.createdAt}`), desc(sql`${log.id}`))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(log).leftJoin(users, eq(users.id, sql`${log.userId}`)).where(where);
    return row?.n ?? 0;
  });
  return toListResult(rows.map(presentLogRow), total, q);
}

/** One message to read, with its secret links cut out; outside the reader's reach it is 404. */
export async function getCommunication(tx: Tx, actor: Actor, id: string) {
  const log = logRows(tx, { scope: scopeOf(actor), id });
  const [row] = await tx.select(selection(log)).from(log).leftJoin(users, eq(users.id, sql`${log.userId}`));
  if (!row) throw notFound(M.messageNotFound);
  if (row.channel === 'notification') {
    const [note] = await tx.select({ body: notifications.body }).from(notifications).where(eq(notifications.id, id));
    return presentNotificationDetail(row, note?.body ?? '');
  }
  const [email] = await tx.select({ textBody: emailMessages.textBody, htmlBody: emailMessages.htmlBody, attachments: emailMessages.attachments })
    .from(emailMessages).where(eq(emailMessages.id, id));
  return presentLogDetail({ ...row, ...email! });
}
