import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEB_PUSH_MESSAGES as M, WEB_PUSH_ROUTES as R, addFcmTokenBodyOf } from '../../../shared/contracts/web-push.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { startWebPush } from './push-in-background.js';
import { systemHostLookup } from '../../lib/public-address.js';
import { addPushDevice, assertOwnDevice, assertPublicPushService, removePushDevice } from './service.js';
import { vapidKeysOf } from './vapid-keys.js';

/** /api/notification: a browser's push subscription (addFcmToken, removeFcmToken) and the key it subscribes with. */
export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const stopPushing = startWebPush(services);
  app.addHook('onClose', async () => stopPushing());

  const answerKey = async () => ({ publicKey: (await vapidKeysOf(services)).publicKey });
  contractRoute(app, R.vapidPublicKey, answerKey);
  contractRoute(app, R.vapidPublicKeyPost, answerKey);

  // The test-only setting lets a local push service's http address through (never on by default).
  const addFcmTokenBody = addFcmTokenBodyOf({ allowInsecure: services.config.pushAllowInsecureEndpoints });
  contractRoute(app, R.addFcmToken, async (req) => {
    // Resolved before the transaction (a DNS answer can take seconds): a name of a private address is refused (decision 068).
    assertOwnDevice(req.actor!, req.body.userId);
    await assertPublicPushService(req.body.fcmToken.endpoint, services.lookupHost ?? systemHostLookup, services.config.pushAllowInsecureEndpoints);
    await req.tx((tx) => addPushDevice(tx, req.actor!, req.body.userId, req.body.fcmToken));
    return answer(null, M.registered);
  }, { body: addFcmTokenBody });

  contractRoute(app, R.removeFcmToken, async (req) => {
    await req.tx((tx) => removePushDevice(tx, req.actor!, req.body));
    return answer(null, M.removed);
  });
};
