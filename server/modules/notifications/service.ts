import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { mayActForNotificationsOf, mayUseNotifications } from '../../policies/notifications.js';
import {
  NOTIFICATION_MESSAGES as M, type NotificationCount, type notificationListBody,
} from '../../../shared/contracts/notifications.js';
import { tellReadAfterCommit } from './after-commit.js';
import { presentNotification } from './presenter.js';

type ListQuery = z.output<typeof notificationListBody>;

/** The caller may use the bell at all (403), and the userId is their own (404 otherwise). */
function assertOwn(actor: Actor, userId: string): void {
  if (!mayUseNotifications(actor)) throw forbidden();
  if (!mayActForNotificationsOf(actor, userId)) throw notFound(M.notFound);
}

const mine = (actor: Actor) => eq(notifications.userId, actor.id);

export async function countUnreadNotifications(tx: Tx, actor: Actor, userId: string): Promise<NotificationCount> {
  assertOwn(actor, userId);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(mine(actor), isNull(notifications.readAt)));
  return { count: row?.n ?? 0 };
}

/** The caller's notifications, newest first, with the unread count beside them. */
export async function listNotifications(tx: Tx, actor: Actor, q: ListQuery) {
  assertOwn(actor, actor.id);
  const where = and(mine(actor), q.unreadOnly ? isNull(notifications.readAt) : undefined);
  const rows = await tx.select({ row: notifications, total: totalRows }).from(notifications).where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where);
    return row?.n ?? 0;
  });
  const { count } = await countUnreadNotifications(tx, actor, actor.id);
  return toListResult(rows.map((r) => presentNotification(r.row)), total, q, { unreadCount: count });
}

/** Marks one of the caller's notifications read (another person's is not found). */
export async function readNotification(tx: Tx, actor: Actor, id: string) {
  assertOwn(actor, actor.id);
  const [row] = await tx.select().from(notifications).where(and(eq(notifications.id, id), mine(actor)));
  if (!row) throw notFound(M.notFound);
  if (row.readAt) return presentNotification(row);
  const [read] = await tx.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id)).returning();
  tellReadAfterCommit(tx, actor.id);
  return presentNotification(read!);
}

export async function readAllNotifications(tx: Tx, actor: Actor): Promise<{ count: number }> {
  assertOwn(actor, actor.id);
  const read = await tx.update(notifications).set({ readAt: new Date() })
    .where(and(mine(actor), isNull(notifications.readAt))).returning({ id: notifications.id });
  if (read.length > 0) tellReadAfterCommit(tx, actor.id);
  return { count: read.length };
}
