/**
 * The web-push module's one entry (issue 14): browsers' push subscriptions (/api/notification
 * addFcmToken, removeFcmToken, getVapidPublicKey), the app's VAPID keys, and `pushToUsers`, which
 * other modules call after their transaction commits.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { webPushRoutes } from './routes.js';

export const webPush: ModuleDefinition = { name: 'web-push', routes: [{ plugin: webPushRoutes }] };

export { pushToUsers, type PushReport, type PushServices } from './push-to-users.js';
export { pushInBackground } from './push-in-background.js';
