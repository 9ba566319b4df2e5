import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUSH_ROLES, WEB_PUSH_MESSAGES as M, addFcmTokenBodyOf, removeFcmTokenBody } from '../../../shared/contracts/web-push.js';
import { ok } from '../../lib/envelope.js';
import { startWebPush } from './push-in-background.js';
import { addPushDevice, removePushDevice } from './service.js';
import { vapidKeysOf } from './vapid-keys.js';

const tags = ['notification'];

/** /api/notification: a browser's push subscription (addFcmToken, removeFcmToken) and the key it subscribes with. */
export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const stopPushing = startWebPush(services);
  app.addHook('onClose', async () => stopPushing());
  // The test-only setting lets a local push service's http address through (never on by default).
  const addFcmTokenBody = addFcmTokenBodyOf({ allowInsecure: services.config.pushAllowInsecureEndpoints });

  const publicKey = { onRequest: app.requireAuth(...PUSH_ROLES), schema: { tags } };
  const answerKey = async () => ({ publicKey: (await vapidKeysOf(services)).publicKey });
  app.get('/getVapidPublicKey', publicKey, async (_req, reply) => ok(reply, await answerKey()));
  app.post('/getVapidPublicKey', publicKey, async (_req, reply) => ok(reply, await answerKey()));

  app.post('/addFcmToken', { onRequest: app.requireAuth(), schema: { tags, body: addFcmTokenBody } }, async (req, reply) => {
    await req.tx((tx) => addPushDevice(tx, req.actor!, req.body.userId, req.body.fcmToken));
    return ok(reply, null, M.registered);
  });

  app.post('/removeFcmToken', { onRequest: app.requireAuth(), schema: { tags, body: removeFcmTokenBody } }, async (req, reply) => {
    await req.tx((tx) => removePushDevice(tx, req.actor!, req.body));
    return ok(reply, null, M.removed);
  });
};
