import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { setNotificationsOn } from '../../auth/index.js';
import { isOwnStudent } from '../../relations/index.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule } from '../../../policies/scheduling.js';

const PERSON_NOT_FOUND = 'User not found';

/**
 * Whose lesson reminders the caller may switch (docs/domains/scheduling.md "Data and calls"): their own, a parent their
 * child's, staff anyone of the school. Someone of another school is not there (404).
 */
async function targetOf(tx: Tx, actor: Actor, userId: string | undefined): Promise<string> {
  const target = userId ?? actor.id;
  if (target === actor.id) return target;
  const [person] = await tx.select({ id: users.id, adminId: users.adminId }).from(users).where(eq(users.id, target));
  if (!person || !actor.adminId || person.adminId !== actor.adminId) throw notFound(PERSON_NOT_FOUND);
  if (mayRunSchedule(actor)) return target;
  // A parent sets reminders for their own children (relations, decision 016).
  if (actor.role === 'parent' && (await isOwnStudent(tx, actor, target))) return target;
  throw forbidden();
}

export async function getNotificationSetting(tx: Tx, actor: Actor, userId?: string) {
  const target = await targetOf(tx, actor, userId);
  const [row] = await tx.select({ on: users.notificationsOn }).from(users).where(eq(users.id, target));
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return { userId: target, notificationsOn: row.on };
}

export async function setNotificationSetting(tx: Tx, actor: Actor, userId: string | undefined, notificationsOn: boolean) {
  const target = await targetOf(tx, actor, userId);
  const row = await setNotificationsOn(tx, target, notificationsOn);
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return { userId: target, notificationsOn: row.on };
}
