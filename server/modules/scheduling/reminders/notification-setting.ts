import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { parentChildren, users } from '../../../db/schema/index.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import type { Acting } from '../../../lib/member-actor.js';
import { mayRunSchedule } from '../../../policies/scheduling.js';

const PERSON_NOT_FOUND = 'User not found';

/**
 * Whose lesson reminders the caller may switch (spec section 7): their own, a parent their
 * child's, staff anyone of the school. Someone of another school is not there (404).
 */
async function targetOf(tx: Tx, acting: Acting, userId: string | undefined): Promise<string> {
  const target = userId ?? acting.id;
  if (target === acting.id) return target;
  const [person] = await tx.select({ id: users.id, adminId: users.adminId }).from(users).where(eq(users.id, target));
  if (!person || !acting.adminId || person.adminId !== acting.adminId) throw notFound(PERSON_NOT_FOUND);
  if (mayRunSchedule(acting)) return target;
  if (acting.role === 'parent') {
    const [link] = await tx.select({ id: parentChildren.id }).from(parentChildren)
      .where(and(eq(parentChildren.parentId, acting.id), eq(parentChildren.studentId, target)));
    if (link) return target;
  }
  throw forbidden();
}

export async function getNotificationSetting(tx: Tx, acting: Acting, userId?: string) {
  const target = await targetOf(tx, acting, userId);
  const [row] = await tx.select({ on: users.notificationsOn }).from(users).where(eq(users.id, target));
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return { userId: target, notificationsOn: row.on };
}

export async function setNotificationSetting(tx: Tx, acting: Acting, userId: string | undefined, notificationsOn: boolean) {
  const target = await targetOf(tx, acting, userId);
  const [row] = await tx.update(users).set({ notificationsOn }).where(eq(users.id, target)).returning({ on: users.notificationsOn });
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return { userId: target, notificationsOn: row.on };
}
