import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notificationPreferences, users } from '../../db/schema/index.js';
import {
  CATEGORY_FACTS, type Channels, type NotificationCategory,
} from '../../../shared/contracts/notification-preferences.js';

/** A person who may be told: their address, and their channels per category (their choices over the defaults). */
export type Recipient = {
  id: string; email: string | null; channels: (category: NotificationCategory) => Channels;
  /** The provider: of no school, read through app_provider_recipients. */
  provider: boolean;
};

const NONE: Channels = { inApp: false, email: false, push: false };

type Chosen = { category: string; inApp: boolean; email: boolean; push: boolean };

function recipientOf(id: string, email: string | null, on: boolean, chosen: Chosen[], provider = false): Recipient {
  const byCategory = new Map(chosen.map((c) => [c.category, { inApp: c.inApp, email: c.email, push: c.push }]));
  // The master switch (notificationOnOff) off: nothing on any channel (decision 083).
  return { id, email, provider, channels: (category) => (on ? byCategory.get(category) ?? CATEGORY_FACTS[category].defaults : NONE) };
}

/**
 * The active people among these whom the transaction may tell, with their choices. A school's
 * people are read as its transaction sees them (another school's are not there); the provider,
 * outside every school, through app_provider_recipients (its address, switch and choices only).
 */
export async function recipientsAmong(tx: Tx, userIds: string[]): Promise<Map<string, Recipient>> {
  const found = new Map<string, Recipient>();
  if (userIds.length === 0) return found;
  const people = await tx.select({ id: users.id, email: users.email, on: users.notificationsOn, school: users.adminId }).from(users)
    .where(and(inArray(users.id, userIds), eq(users.status, true)));
  const chosen = people.length === 0 ? [] : await tx.select({
    userId: notificationPreferences.userId, category: notificationPreferences.category,
    inApp: notificationPreferences.inApp, email: notificationPreferences.byEmail, push: notificationPreferences.byPush,
  }).from(notificationPreferences).where(inArray(notificationPreferences.userId, people.map((p) => p.id)));
  for (const p of people) found.set(p.id, recipientOf(p.id, p.email, p.on, chosen.filter((c) => c.userId === p.id), p.school === null));
  const unseen = userIds.filter((id) => !found.has(id));
  if (unseen.length > 0) {
    for (const p of await providerRecipients(tx)) if (unseen.includes(p.id)) found.set(p.id, p);
  }
  return found;
}

type ProviderRow = { id: string; email: string | null; notifications_on: boolean; preferences: Chosen[] | string };

/** The active superadmins, seen from any transaction (a school's included). */
export async function providerRecipients(tx: Tx): Promise<Recipient[]> {
  const { rows } = await tx.execute(sql`select id, email, notifications_on, preferences from app_provider_recipients()`);
  return (rows as ProviderRow[]).map((r) => recipientOf(r.id, r.email, r.notifications_on, typeof r.preferences === 'string' ? JSON.parse(r.preferences) as Chosen[] : r.preferences, true));
}

/** The ids of the active superadmins: the provider, told of new schools, plan payments and support requests. */
export async function providerIds(tx: Tx): Promise<string[]> {
  return (await providerRecipients(tx)).map((p) => p.id);
}

/** The school's admin and its active sub-admins: the office, told of money, orders and signups. */
export async function schoolOfficeIds(tx: Tx, adminId: string): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.adminId, adminId), inArray(users.role, ['admin', 'subadmin']), eq(users.status, true)));
  return rows.map((r) => r.id);
}
