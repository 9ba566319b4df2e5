import type { Tx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import type { ActivityAction } from '../../../shared/contracts/activities.js';

export type Activity = {
  adminId: string;
  actorId: string;
  action: ActivityAction;
  targetUserId?: string | null;
  ip?: string | null;
  /** What the sentence needs besides the people: a class or family name, a row count. */
  meta?: Record<string, unknown>;
};

/** Records what happened in the school, in the transaction of the change (Recent activities reads it). */
export async function recordActivity(tx: Tx, a: Activity) {
  await tx.insert(auditEvents).values({
    adminId: a.adminId, actorId: a.actorId, action: a.action, targetUserId: a.targetUserId ?? null, ip: a.ip ?? null, meta: a.meta ?? null,
  });
}
