import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES as M, notificationIdBody, notificationListBody, notificationUserBody,
} from '../../../shared/contracts/notifications.js';
import { ok } from '../../lib/envelope.js';
import {
  countUnreadNotifications, listNotifications, readAllNotifications, readNotification,
} from './service.js';

const tags = ['notifications'];

/** The bell's calls under /api/notification (docs/domains/communication.md "Data and calls", and readNotification/readAllNotification in its style). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/getUnReadNotificationCount', { schema: { tags, body: notificationUserBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => countUnreadNotifications(tx, req.actor!, req.body.userId)));
  });

  app.post('/getNotification', { schema: { tags, body: notificationListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listNotifications(tx, req.actor!, req.body)));
  });

  app.post('/readNotification', { schema: { tags, body: notificationIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => readNotification(tx, req.actor!, req.body.id)));
  });

  app.post('/readAllNotification', { schema: { tags } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => readAllNotifications(tx, req.actor!)), M.allRead);
  });
};
