import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { calendarFeeds } from '../../../db/schema/index.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { hashToken, newToken } from '../../../lib/tokens.js';
import type { Actor } from '../../../lib/actor.js';
import { requireScope } from '../lessons/lesson-scope.js';

export const feedUrl = (baseUrl: string, token: string) => `${baseUrl}/api/scheduling/ical/${token}.ics`;

/** The caller's private feed URL; the first call makes it. The token is kept sealed to show it again. */
export async function getCalendarFeed(tx: Tx, actor: Actor, box: SecretBox, baseUrl: string): Promise<{ url: string }> {
  requireScope(actor);
  const [found] = await tx.select({ sealed: calendarFeeds.tokenSealed }).from(calendarFeeds).where(eq(calendarFeeds.userId, actor.id));
  if (found) return { url: feedUrl(baseUrl, box.open(found.sealed)) };
  const token = newToken();
  const [made] = await tx.insert(calendarFeeds)
    .values({ userId: actor.id, adminId: actor.adminId!, tokenHash: hashToken(token), tokenSealed: box.seal(token) })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ userId: calendarFeeds.userId });
  if (made) return { url: feedUrl(baseUrl, token) };
  // Two first calls at once: the other one's token stands.
  const [other] = await tx.select({ sealed: calendarFeeds.tokenSealed }).from(calendarFeeds).where(eq(calendarFeeds.userId, actor.id));
  return { url: feedUrl(baseUrl, box.open(other!.sealed)) };
}

/** A new token: the old URL stops working at once. */
export async function resetCalendarFeed(tx: Tx, actor: Actor, box: SecretBox, baseUrl: string): Promise<{ url: string }> {
  requireScope(actor);
  const token = newToken();
  const values = { tokenHash: hashToken(token), tokenSealed: box.seal(token), createdAt: new Date() };
  await tx.insert(calendarFeeds).values({ userId: actor.id, adminId: actor.adminId!, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  return { url: feedUrl(baseUrl, token) };
}

/** The feed's owner and school, found by the token's hash before any school is known (migration 0009). */
export async function feedOwnerOf(db: Database, token: string): Promise<{ userId: string; adminId: string } | null> {
  const found = await db.callSystemFunction<{ user_id: string; admin_id: string } | string>(
    sql`select row_to_json(o) from app_calendar_feed_owner(${hashToken(token)}) o`,
  );
  if (!found) return null;
  const row = typeof found === 'string' ? (JSON.parse(found) as { user_id: string; admin_id: string }) : found;
  return { userId: row.user_id, adminId: row.admin_id };
}
