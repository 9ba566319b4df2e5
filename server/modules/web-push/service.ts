import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import type { HostLookup } from '../../lib/public-address.js';
import { checkPushEndpoint, pushAddressRule } from './push-address.js';
import { decidePushDevice } from '../../policies/web-push.js';
import { WEB_PUSH_MESSAGES as M, type PushSubscriptionJson, type removeFcmTokenBody } from '../../../shared/contracts/web-push.js';

/**
 * A person's browsers kept, newest first: more are refused by dropping the oldest, so no one can
 * make the server post to thousands of addresses of their choosing.
 */
export const DEVICES_PER_PERSON = 10;

export function assertOwnDevice(actor: Actor, userId: string) {
  const decision = decidePushDevice(actor, userId);
  if (decision === 'forbidden') throw forbidden(actor.realUser ? M.loginAs : undefined);
  if (decision === 'not-found') throw notFound(M.userNotFound);
}

/**
 * The push service's name must resolve to public addresses only (the test-only setting adds
 * loopback): 400 on the endpoint otherwise. The send checks again, on the address it connects to.
 */
export async function assertPublicPushService(endpoint: string, lookup: HostLookup, allowInsecure: boolean) {
  const kind = await checkPushEndpoint(endpoint, lookup, pushAddressRule(allowInsecure));
  if (kind === 'not-public') throw fieldError('fcmToken.endpoint', M.endpointNotPublic);
  if (kind === 'unknown') throw fieldError('fcmToken.endpoint', M.endpointUnknown);
}

/**
 * addFcmToken: this browser's subscription, for the caller. One row an address: the same browser
 * registered again updates its keys and session; registered by another person (a shared device),
 * it moves to them.
 */
export async function addPushDevice(tx: Tx, actor: Actor, userId: string, sub: PushSubscriptionJson) {
  assertOwnDevice(actor, userId);
  // Only a signed-in request has a session; the device lives as long as it does.
  const sessionId = actor.sessionId;
  if (!sessionId) throw forbidden();
  await tx.execute(sql`select app_release_push_endpoint(${sub.endpoint}, ${actor.id}::uuid)`);
  await tx.insert(pushSubscriptions)
    .values({ adminId: actor.adminId, userId: actor.id, sessionId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, updatedAt: sql`now()` } });
  const kept = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, actor.id))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id)).limit(DEVICES_PER_PERSON);
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, actor.id), notInArray(pushSubscriptions.id, kept)));
}

/** Sign-out of a device or the switch turned off; answers the same when the address was already gone. */
export async function removePushDevice(tx: Tx, actor: Actor, body: z.output<typeof removeFcmTokenBody>) {
  assertOwnDevice(actor, body.userId);
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, body.endpoint)));
}
