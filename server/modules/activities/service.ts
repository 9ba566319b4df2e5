import { and, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { auditEvents, schools, users } from '../../db/schema/index.js';
import { requireReach } from '../../lib/member-actor.js';
import type { Actor } from '../../lib/actor.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { LOGIN_AS_ACTIONS, type activityListBody } from '../../../shared/contracts/activities.js';
import { presentActivity } from './presenter.js';
import { schoolZoneSql } from '../../lib/school-clock.js';

type ListQuery = z.output<typeof activityListBody>;

/** The person an event names as its actor (users joined twice: actor and target). */
const actorUser = alias(users, 'actor');
const target = alias(users, 'target');

/** Newest first; a student sees what they did and what was done to them (reach `own`). */
export async function listActivities(tx: Tx, actor: Actor, q: ListQuery) {
  const reach = requireReach(actor, 'list', 'activity');
  const where = and(
    reach === 'all' ? undefined : eq(auditEvents.adminId, actor.adminId ?? ''),
    reach === 'own' ? or(eq(auditEvents.actorId, actor.id), eq(auditEvents.targetUserId, actor.id)) : undefined,
    q.hideLoginAs ? notInArray(auditEvents.action, [...LOGIN_AS_ACTIONS]) : undefined,
  );
  const rows = await tx
    .select({
      id: auditEvents.id, action: auditEvents.action, meta: auditEvents.meta, createdAt: auditEvents.createdAt,
      actorId: actorUser.id, actorFirst: actorUser.firstName, actorLast: actorUser.lastName, actorRole: actorUser.role,
      targetId: target.id, targetFirst: target.firstName, targetLast: target.lastName, targetRole: target.role,
      timeZone: schoolZoneSql(),
      total: totalRows,
    })
    .from(auditEvents)
    .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
    .leftJoin(target, eq(target.id, auditEvents.targetUserId))
    .leftJoin(schools, eq(schools.adminId, auditEvents.adminId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(auditEvents).where(where);
    return row?.count ?? 0;
  });
  return toListResult(rows.map((r) => presentActivity({
    id: r.id, action: r.action, meta: r.meta, createdAt: r.createdAt, timeZone: r.timeZone,
    actor: r.actorId ? { id: r.actorId, firstName: r.actorFirst!, lastName: r.actorLast!, role: r.actorRole! } : null,
    target: r.targetId ? { id: r.targetId, firstName: r.targetFirst!, lastName: r.targetLast!, role: r.targetRole! } : null,
  })), total, q);
}
