import type { notifications } from '../../db/schema/index.js';
import type { NotificationItem } from '../../../shared/contracts/notifications.js';

export function presentNotification(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
