import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppServices } from '../../context.js';
import { pushSubscriptions, sessions } from '../../db/schema/index.js';
import type { PushMessage } from '../../../shared/contracts/web-push.js';
import { systemHostLookup } from '../../lib/public-address.js';
import { sendPush, type PushOutcome } from './send-push.js';
import { vapidKeysOf } from './vapid-keys.js';

export type PushServices = Pick<AppServices, 'db' | 'config' | 'log' | 'lookupHost'>;
export type PushReport = { sent: number; removed: number; failed: number };

/** Pushes in flight at once: enough for a class, without opening hundreds of sockets. */
const PARALLEL = 10;
const TITLE_MAX = 120;
/** A push payload must stay under 4 KB once encrypted; the body is the part that grows. */
const BODY_MAX = 1_000;

/**
 * Sends one notification to every browser of these people (after a commit, never inside a
 * request's transaction: it waits on push services). Subscriptions the push service no longer
 * knows (404, 410) and those whose address is not a public push service are removed; other failures are logged with the push service's host only
 * (the endpoint's path is the subscription's capability) and the subscription is kept.
 */
export async function pushToUsers(services: PushServices, userIds: readonly string[], message: PushMessage): Promise<PushReport> {
  const report: PushReport = { sent: 0, removed: 0, failed: 0 };
  if (userIds.length === 0) return report;
  const { db, config, log } = services;
  // The app's machinery, not a school's request: the people may be of several schools or the provider.
  // Only browsers whose session still stands (an ended one took its devices with it; an expired one waits for its sweep).
  const targets = await db.transaction({ kind: 'all' }, (tx) => tx
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), gt(sessions.expiresAt, sql`now()`)))
    .where(inArray(pushSubscriptions.userId, [...new Set(userIds)])));
  if (targets.length === 0) return report;
  const keys = await vapidKeysOf(services);
  const lookup = services.lookupHost ?? systemHostLookup;
  const payload = safeMessage(message);
  const gone: string[] = [];
  for (let i = 0; i < targets.length; i += PARALLEL) {
    const batch = targets.slice(i, i + PARALLEL);
    const outcomes: PushOutcome[] = await Promise.all(batch.map((t) => sendPush(t, payload, keys, { allowInsecure: config.pushAllowInsecureEndpoints, lookup })));
    outcomes.forEach((outcome, j) => {
      if (outcome.kind === 'sent') report.sent++;
      else if (outcome.kind === 'gone') gone.push(batch[j]!.id);
      else if (outcome.kind === 'refused') {
        // Not a push service on the internet (decision 068): never posted to, and dropped.
        gone.push(batch[j]!.id);
        log.info(`web push refused: ${hostOf(batch[j]!.endpoint)} is not a public push service`);
      } else {
        report.failed++;
        log.error({ pushService: hostOf(batch[j]!.endpoint), reason: outcome.reason }, 'web push failed');
      }
    });
  }
  if (gone.length > 0) {
    const removed = await db.transaction({ kind: 'all' }, (tx) => tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone)).returning({ id: pushSubscriptions.id }));
    report.removed = removed.length;
  }
  return report;
}

/** The link stays within the app (the service worker opens it on a click): a path, else the home page. */
function safeMessage(m: PushMessage): PushMessage {
  const link = m.link.startsWith('/') && !m.link.startsWith('//') && !m.link.startsWith('/\\') ? m.link : '/';
  return { title: m.title.slice(0, TITLE_MAX), body: m.body.slice(0, BODY_MAX), link };
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid address';
  }
}
