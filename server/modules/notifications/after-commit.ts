import type { Tx } from '../../db/client.js';
import { emitToUsers } from '../../services/realtime/realtime-hub.js';
import { pushInBackground } from '../web-push/index.js';
import { NOTIFICATION_EVENT, type NotificationEvent, type NotificationItem } from '../../../shared/contracts/notifications.js';

/**
 * A notice made: its row (null when the person chose push without the bell, with its words
 * instead), and whether their browsers are pushed (their choice, and not again for a burst's count).
 */
export type MadeNotification = { userId: string; item: NotificationItem; push: boolean } | {
  userId: string; item: null; push: boolean; words: { title: string; body: string; link: string | null };
};

/**
 * Once the change that made these notifications has committed, the people online are told (their
 * bell refetches its count) and the browsers of those who chose push get it (decisions 040, 083).
 */
export function tellAfterCommit(tx: Tx, made: MadeNotification[]): void {
  if (made.length === 0) return;
  tx.afterCommit(() => {
    for (const m of made) {
      if (m.item) {
        const event: NotificationEvent = { notification: m.item };
        emitToUsers([m.userId], NOTIFICATION_EVENT, event);
      }
      const words = m.item ?? m.words;
      if (m.push) pushInBackground([m.userId], { title: words.title, body: words.body, link: words.link ?? '/notification' });
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
