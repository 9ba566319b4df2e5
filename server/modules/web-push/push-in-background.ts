import type { PushMessage } from '../../../shared/contracts/web-push.js';
import { pushToUsers, type PushServices } from './push-to-users.js';

/**
 * The app whose services send pushes made by a commit hook (notifications' after-commit has a
 * transaction, not the app's services). Its routes register it when the app starts and take it
 * back when the app closes; the latest registered app sends, so a test process that builds several
 * apps pushes once, not once per app.
 */
const senders: PushServices[] = [];

export function startWebPush(services: PushServices): () => void {
  senders.push(services);
  return () => {
    const at = senders.indexOf(services);
    if (at >= 0) senders.splice(at, 1);
  };
}

/** Pushes without holding the caller: failures are logged by pushToUsers, never thrown. */
export function pushInBackground(userIds: readonly string[], message: PushMessage): void {
  const services = senders.at(-1);
  if (!services || userIds.length === 0) return;
  pushToUsers(services, userIds, message).catch((err: unknown) => services.log.error({ err }, 'web push failed'));
}
