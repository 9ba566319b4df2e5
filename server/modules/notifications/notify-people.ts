import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { emailLayout } from '../../services/email/layout.js';
import type { OutgoingEmail } from '../../services/email/mailer.js';
import { queueEmail, queueGroupedEmail } from '../../services/email/queue-email.js';
import { NOTIFICATION_LIMITS } from '../../../shared/contracts/notifications.js';
import { categoryOf, type NotificationKind } from '../../../shared/contracts/notification-preferences.js';
import { tellAfterCommit, type MadeNotification } from './after-commit.js';
import { presentNotification } from './presenter.js';
import { recipientsAmong, type Recipient } from './recipients.js';

/**
 * A burst (decision 083): events with the same key are one row while that row is unread, its
 * count and words rewritten from the count ("30 payments received", linking to the list), and one
 * email a window. The key is per kind and school; the person is added here.
 */
export type NoticeGroup = {
  key: string;
  /** The words and link of a row standing for `count` events (count ≥ 2). */
  many: (count: number) => { title: string; body?: string; link?: string | null };
};

/**
 * The email a notice may also be, for those who chose email for its category: the app's address
 * (the notice's own words, its link made absolute), or the caller's own words. Left out, the
 * notice is never emailed (the caller emails on its own, or it is bell-only news).
 */
export type NoticeEmail = { appUrl: string } | Omit<OutgoingEmail, 'to'>;

export type NotifyInput = {
  /** The school the event happened in. */
  adminId: string;
  userIds: string[];
  /** What made it; its category is the person's choice of channels (shared/contracts/notification-preferences.ts). */
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A path inside the app ('/paymentBilling'), opened from the bell. */
  link?: string | null;
  email?: NoticeEmail;
  group?: NoticeGroup;
  now?: Date;
};

/** Rows a statement (a group email to a whole school): 6 parameters each, far below PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 2000;
/** How long a burst's email waits for the rest of the burst. */
export const EMAIL_GROUP_WINDOW_MS = 5 * 60_000;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One person's notification, when each person's text differs (a parent reads of their child). */
export type PersonalNotification = {
  userId: string; kind: NotificationKind; title: string; body?: string; link?: string | null; email?: NoticeEmail; group?: NoticeGroup;
};

/**
 * The function other modules call: a notification for each person, in the caller's transaction,
 * on the channels each chose for its category (the bell, email, push), none when their master
 * switch is off; the people online hear of it once that transaction commits. Returns whom it
 * reached on any channel.
 */
export async function notifyPeople(tx: Tx, input: NotifyInput): Promise<string[]> {
  const { adminId, userIds, now, ...note } = input;
  return notifyEach(tx, adminId, [...new Set(userIds)].map((userId) => ({ userId, ...note })), now);
}

const wordsOf = (n: PersonalNotification) => ({
  title: cut(n.title, NOTIFICATION_LIMITS.titleMax),
  body: cut(n.body ?? '', NOTIFICATION_LIMITS.bodyMax),
  // A link that would not fit is not a link: the notification opens nothing rather than a wrong page.
  link: n.link && n.link.length <= NOTIFICATION_LIMITS.linkMax ? n.link : null,
});

/** The same, with each person's own text (one per person; a person named twice gets the first). */
export async function notifyEach(tx: Tx, adminId: string, notes: PersonalNotification[], now = new Date()): Promise<string[]> {
  if (notes.length === 0) return [];
  const people = await recipientsAmong(tx, [...new Set(notes.map((n) => n.userId))]);
  const seen = new Set<string>();
  const to = notes.filter((n) => people.has(n.userId) && !seen.has(n.userId) && seen.add(n.userId))
    .map((n) => ({ note: n, person: people.get(n.userId)!, channels: people.get(n.userId)!.channels(categoryOf(n.kind)) }))
    .filter((t) => t.channels.inApp || t.channels.email || t.channels.push);
  if (to.length === 0) return [];

  const made: MadeNotification[] = [];
  const plain = to.filter((t) => t.channels.inApp && !t.note.group).map((t) => ({ adminId, userId: t.note.userId, kind: t.note.kind, ...wordsOf(t.note) }));
  for (let start = 0; start < plain.length; start += ROWS_PER_INSERT) {
    const rows = await tx.insert(notifications).values(plain.slice(start, start + ROWS_PER_INSERT)).returning();
    made.push(...rows.map((row) => ({ userId: row.userId, item: presentNotification(row), push: true })));
  }
  for (const t of to.filter((x) => x.channels.inApp && x.note.group)) made.push(await countOnGroup(tx, adminId, t.note, now));
  // Push alone (the bell off for this category): the browser still hears, with the notice's words.
  const pushOnly = to.filter((t) => t.channels.push && !t.channels.inApp)
    .map((t) => ({ userId: t.note.userId, item: null, push: true, words: wordsOf(t.note) }));
  const pushTo = new Set(to.filter((t) => t.channels.push).map((t) => t.note.userId));
  tellAfterCommit(tx, [...made.map((m) => ({ ...m, push: m.push && pushTo.has(m.userId) })), ...pushOnly]);

  for (const t of to.filter((x) => x.channels.email && x.note.email && x.person.email)) await emailNotice(tx, adminId, t.note, t.person, now);
  return to.map((t) => t.note.userId);
}

/**
 * A burst is one school's: the provider hears of two schools' support requests as two rows, and a
 * school's transaction never meets (nor could update, behind the tenant wall) another school's row.
 */
const schoolGroupKey = (adminId: string, group: NoticeGroup) => `${adminId}:${group.key}`;

/** A burst's row: the first event inserts it, the next ones (while it is unread) count on it and take the group's words. */
async function countOnGroup(tx: Tx, adminId: string, n: PersonalNotification, now: Date): Promise<MadeNotification> {
  const group = n.group!;
  const [row] = await tx.insert(notifications).values({ adminId, userId: n.userId, kind: n.kind, groupKey: schoolGroupKey(adminId, group), createdAt: now, ...wordsOf(n) })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
      set: { count: sql`${notifications.count} + 1`, createdAt: now },
    }).returning();
  if (row!.count === 1) return { userId: n.userId, item: presentNotification(row!), push: true };
  const many = group.many(row!.count);
  const [grouped] = await tx.update(notifications)
    .set(wordsOf({ ...n, title: many.title, body: many.body ?? n.body, link: many.link === undefined ? n.link : many.link }))
    .where(sql`${notifications.id} = ${row!.id}`).returning();
  // The count grew on a row the person already has: their bell refreshes, their phone is not buzzed again.
  return { userId: n.userId, item: presentNotification(grouped!), push: false };
}

function wordsToEmail(email: NoticeEmail, words: { title: string; body: string; link: string | null }): Omit<OutgoingEmail, 'to'> {
  if (!('appUrl' in email)) return email;
  const lines = words.body ? [words.body] : [];
  return {
    subject: words.title,
    ...emailLayout('Hello,', [words.title, ...lines], { label: 'Open Cadenza', url: `${email.appUrl}${words.link ?? '/notification'}` },
      'You get this email because you chose email for this kind of news. Change it under Notifications in Cadenza.'),
  };
}

async function emailNotice(tx: Tx, adminId: string, n: PersonalNotification, person: Recipient, now: Date): Promise<void> {
  // The school's even for the provider: a school's transaction may write no row of no school (the tenant wall).
  const base = { kind: n.kind, adminId, userId: person.id, to: person.email! };
  if (!n.group) {
    await queueEmail(tx, { ...base, ...wordsToEmail(n.email!, wordsOf(n)) });
    return;
  }
  const group = n.group;
  await queueGroupedEmail(tx, base, {
    key: schoolGroupKey(adminId, group),
    sendAfter: new Date(now.getTime() + EMAIL_GROUP_WINDOW_MS),
    render: (count) => {
      if (count === 1) return wordsToEmail(n.email!, wordsOf(n));
      const many = group.many(count);
      return wordsToEmail(n.email!, wordsOf({ ...n, title: many.title, body: many.body ?? '', link: many.link === undefined ? n.link : many.link }));
    },
  });
}
