import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_MESSAGES as M, NOTIFICATION_ROUTES as R } from '../../../shared/contracts/notifications.js';
import { NOTIFICATION_PREFERENCE_MESSAGES as PM, NOTIFICATION_PREFERENCE_ROUTES as P } from '../../../shared/contracts/notification-preferences.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { getNotificationPreferences, setNotificationPreferences } from './preferences.js';
import {
  countUnreadNotifications, listNotifications, readAllNotifications, readNotification,
} from './service.js';

/** The bell's calls under /api/notification (docs/domains/communication.md "Data and calls", and readNotification/readAllNotification in its style). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.unreadCount, (req) => req.tx((tx) => countUnreadNotifications(tx, req.actor!, req.body.userId)));

  contractRoute(app, R.list, (req) => req.tx((tx) => listNotifications(tx, req.actor!, req.body)));

  contractRoute(app, R.read, (req) => req.tx((tx) => readNotification(tx, req.actor!, req.body.id)));

  contractRoute(app, R.readAll, async (req) => answer(await req.tx((tx) => readAllNotifications(tx, req.actor!)), M.allRead));

  // Each person's channels per category (decision 083).
  contractRoute(app, P.get, (req) => req.tx((tx) => getNotificationPreferences(tx, req.actor!)));

  contractRoute(app, P.set, async (req) => answer(await req.tx((tx) => setNotificationPreferences(tx, req.actor!, req.body, req.now())), PM.saved));
};
