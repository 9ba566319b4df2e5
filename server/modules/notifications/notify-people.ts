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

/** Rows a statement (a group email to a whole school): 6 parameters each, far below PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 2000;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The people among these who are active and have notifications on: the one switch a
 * person (notificationOnOff), which lesson reminders and change emails obey too. A person the
 * transaction cannot see (another school's) gets nothing.
 */
async function switchedOn(tx: Tx, userIds: string[]): Promise<Set<string>> {
  const rows = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), eq(users.status, true), eq(users.notificationsOn, true)));
  return new Set(rows.map((r) => r.id));
}

/** One person's notification, when each person's text differs (a parent reads of their child). */
export type PersonalNotification = { userId: string; kind: string; title: string; body?: string; link?: string | null };

/**
 * The function other modules call: a notification for each person, in the caller's transaction
 * (one insert a couple of thousand people), leaving out whoever turned notifications off; the people online hear of it once
 * that transaction commits. Returns whom it was made for.
 */
export async function notifyPeople(tx: Tx, input: NotifyInput): Promise<string[]> {
  const { adminId, userIds, ...note } = input;
  return notifyEach(tx, adminId, [...new Set(userIds)].map((userId) => ({ userId, ...note })));
}

/** The same, with each person's own text (one per person; a person named twice gets the first). */
export async function notifyEach(tx: Tx, adminId: string, notes: PersonalNotification[]): Promise<string[]> {
  if (notes.length === 0) return [];
  const on = await switchedOn(tx, [...new Set(notes.map((n) => n.userId))]);
  const seen = new Set<string>();
  const to = notes.filter((n) => on.has(n.userId) && !seen.has(n.userId) && seen.add(n.userId));
  if (to.length === 0) return [];
  const values = to.map((n) => ({
    adminId,
    userId: n.userId,
    kind: n.kind,
    title: cut(n.title, NOTIFICATION_LIMITS.titleMax),
    body: cut(n.body ?? '', NOTIFICATION_LIMITS.bodyMax),
    // A link that would not fit is not a link: the notification opens nothing rather than a wrong page.
    link: n.link && n.link.length <= NOTIFICATION_LIMITS.linkMax ? n.link : null,
  }));
  const rows = [];
  for (let start = 0; start < values.length; start += ROWS_PER_INSERT) {
    rows.push(...(await tx.insert(notifications).values(values.slice(start, start + ROWS_PER_INSERT)).returning()));
  }
  tellAfterCommit(tx, rows.map((row) => ({ userId: row.userId, item: presentNotification(row) })));
  return to.map((n) => n.userId);
}
