import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { getNotificationSetting, setNotificationSetting } from './notification-setting.js';

/** Reminders on or off for a person, under /api/scheduling. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.getNotificationOnOff, (req) => req.tx((tx) => getNotificationSetting(tx, req.actor!, req.body.userId)));

  contractRoute(app, R.notificationOnOff, async (req) => {
    const saved = await req.tx((tx) => setNotificationSetting(tx, req.actor!, req.body.userId, req.body.notificationsOn));
    return answer(saved, M.notificationSaved);
  });
};
