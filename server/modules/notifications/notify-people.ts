import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { NOTIFICATION_LIMITS } from '../../../shared/contracts/notifications.js';
import { tellAfterCommit } from './after-commit.js';
import { presentNotification } from './presenter.js';

export type NotifyInput = {
  /** The school the event happened in. */
  adminId: string;
  userIds: string[];
  /** What made it: 'lesson-cancelled', 'invoice-sent'… */
  kind: string;
  title: string;
  body?: string;
  /** A path inside the app ('/paymentBilling'), opened from the bell. */
  link?: string | null;
};

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The people among these who have notifications on: the spec's one switch a person
 * (notificationOnOff), which lesson reminders and change emails obey too. A person the
 * transaction cannot see (another school's) gets nothing.
 */
async function switchedOn(tx: Tx, userIds: string[]): Promise<Set<string>> {
  const rows = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), eq(users.notificationsOn, true)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The one function other modules call: a notification for each person, in the caller's
 * transaction (one insert), leaving out whoever turned notifications off; the people online hear
 * of it once that transaction commits. Returns whom it was made for.
 */
export async function notifyPeople(tx: Tx, input: NotifyInput): Promise<string[]> {
  const unique = [...new Set(input.userIds)];
  if (unique.length === 0) return [];
  const on = await switchedOn(tx, unique);
  const to = unique.filter((id) => on.has(id));
  if (to.length === 0) return [];
  const rows = await tx.insert(notifications).values(to.map((userId) => ({
    adminId: input.adminId,
    userId,
    kind: input.kind,
    title: cut(input.title, NOTIFICATION_LIMITS.titleMax),
    body: cut(input.body ?? '', NOTIFICATION_LIMITS.bodyMax),
    link: input.link ? cut(input.link, NOTIFICATION_LIMITS.linkMax) : null,
  }))).returning();
  tellAfterCommit(tx, rows.map((row) => ({ userId: row.userId, item: presentNotification(row) })));
  return to;
}
