import type { Tx } from '../../db/client.js';
import { emitToUsers } from '../../services/realtime/realtime-hub.js';
import { pushInBackground } from '../web-push/index.js';
import { NOTIFICATION_EVENT, type NotificationEvent, type NotificationItem } from '../../../shared/contracts/notifications.js';

export type MadeNotification = { userId: string; item: NotificationItem };

/**
 * Once the change that made these notifications has committed, the people online are told (their
 * bell refetches its count) and each person's browsers get it as a web push (decision 040).
 */
export function tellAfterCommit(tx: Tx, made: MadeNotification[]): void {
  if (made.length === 0) return;
  tx.afterCommit(() => {
    for (const { userId, item } of made) {
      const event: NotificationEvent = { notification: item };
      emitToUsers([userId], NOTIFICATION_EVENT, event);
      pushInBackground([userId], { title: item.title, body: item.body, link: item.link ?? '/notification' });
    }
  });
}

/** A person read some: their other tabs refetch the count. */
export function tellReadAfterCommit(tx: Tx, userId: string): void {
  tx.afterCommit(() => {
    const event: NotificationEvent = {};
    emitToUsers([userId], NOTIFICATION_EVENT, event);
  });
}
