import { z } from 'zod';
import { PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { routesFor } from '../routes.js';
import type { Role } from '../roles.js';
import { uuid } from './common.js';
import { defineRoute, listResultOf } from './route.js';

/**
 * In-app notifications (issue 14; docs/domains/communication.md "Data and calls", "Limits"): the unread count, the list paged 5, one
 * or all marked read. A userId in a request is always the caller's own (decision 039): anyone
 * else's answers 404. The on/off switch is scheduling's notificationOnOff (one per person).
 */

/** The roles whose route table has /notification get the bell and the calls. */
export const hasNotifications = (role: Role | string | undefined | null): boolean =>
  routesFor(role).some((entry) => entry.path === '/notification');

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  userRequired: 'User is Required',
  allRead: 'All notifications marked as read',
} as const;

/** The socket event that tells a person's open tabs a notification arrived (or was read). */
export const NOTIFICATION_EVENT = 'notification';

export const NOTIFICATION_LIMITS = { titleMax: 200, bodyMax: 500, linkMax: 500 } as const;

export const notificationUserBody = z.object({ userId: uuid });
export const notificationListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.notifications),
  /** Only the unread ones (the bell's dropdown shows all, newest first). */
  unreadOnly: z.boolean().optional(),
});
export type NotificationListQuery = z.input<typeof notificationListBody>;
export const notificationIdBody = z.object({ id: uuid });
export const notificationItem = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the app, or null. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationCount = z.object({ count: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCount>;
export const notificationPage = listResultOf(notificationItem).extend({ unreadCount: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPage>;

/** Anyone signed in: each reads and marks their own (decision 039). */
const meta = { roles: 'signedIn', tags: ['notifications'] } as const;

export const NOTIFICATION_ROUTES = {
  unreadCount: defineRoute({ method: 'POST', path: '/notification/getUnReadNotificationCount', body: notificationUserBody, response: notificationCount, meta: { ...meta, lapsedSchool: 'open' } }),
  list: defineRoute({ method: 'POST', path: '/notification/getNotification', body: notificationListBody, response: notificationPage, meta: { ...meta, lapsedSchool: 'open' } }),
  read: defineRoute({ method: 'POST', path: '/notification/readNotification', body: notificationIdBody, response: notificationItem, meta: { ...meta, lapsedSchool: 'open' } }),
  readAll: defineRoute({ method: 'POST', path: '/notification/readAllNotification', response: notificationCount, meta: { ...meta, lapsedSchool: 'open' } }),
};
/** What the socket event carries: the new unread count, and the notification when one was made. */
export type NotificationEvent = { count?: number; notification?: NotificationItem };
