import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden } from '../../lib/http-errors.js';
import { mayChooseCategory, mayUseNotifications } from '../../policies/notifications.js';
import {
  CATEGORY_FACTS, categoriesFor, NOTIFICATION_PREFERENCE_MESSAGES as M,
  type NotificationPreferences, type SetNotificationPreferences,
} from '../../../shared/contracts/notification-preferences.js';

/** The caller's channels for each category their role is offered: their choice, else the category's default. */
export async function getNotificationPreferences(tx: Tx, actor: Actor): Promise<NotificationPreferences> {
  if (!mayUseNotifications(actor)) throw forbidden();
  const rows = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id));
  const chosen = new Map(rows.map((r) => [r.category, { inApp: r.inApp, email: r.byEmail, push: r.byPush }]));
  return { preferences: categoriesFor(actor.role).map((category) => ({ category, ...(chosen.get(category) ?? CATEGORY_FACTS[category].defaults) })) };
}

/** Saves the caller's choices (one row a category); a category their role is not offered is a 400 that saves nothing. */
export async function setNotificationPreferences(tx: Tx, actor: Actor, input: SetNotificationPreferences, now: Date): Promise<NotificationPreferences> {
  if (!mayUseNotifications(actor)) throw forbidden();
  if (input.preferences.some((p) => !mayChooseCategory(actor, p.category))) throw badRequest(M.categoryNotOffered);
  await tx.insert(notificationPreferences).values(input.preferences.map((p) => ({
    userId: actor.id, adminId: actor.adminId, category: p.category, inApp: p.inApp, byEmail: p.email, byPush: p.push, updatedAt: now,
  }))).onConflictDoUpdate({
    target: [notificationPreferences.userId, notificationPreferences.category],
    set: { inApp: sql`excluded.in_app`, byEmail: sql`excluded.by_email`, byPush: sql`excluded.by_push`, updatedAt: now },
  });
  return getNotificationPreferences(tx, actor);
}
