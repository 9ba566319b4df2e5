import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getNotificationOnOffBody, notificationOnOffBody, SCHEDULING_MESSAGES as M } from '../../../../shared/contracts/scheduling.js';
import { ok } from '../../../lib/envelope.js';
import { getNotificationSetting, setNotificationSetting } from './notification-setting.js';

const tags = ['scheduling'];

/** Reminders on or off for a person, under /api/scheduling. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/getNotificationOnOff', { schema: { tags, body: getNotificationOnOffBody.default({}) } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getNotificationSetting(tx, req.actor!, req.body.userId)));
  });

  app.post('/notificationOnOff', { schema: { tags, body: notificationOnOffBody } }, async (req, reply) => {
    const saved = await req.tx((tx) => setNotificationSetting(tx, req.actor!, req.body.userId, req.body.notificationsOn));
    return ok(reply, saved, M.notificationSaved);
  });
};
