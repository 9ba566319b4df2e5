/**
 * The notifications module's one entry (issue 14): the in-app bell's calls and `notifyPeople`, which the modules where things happen call in their own
 * transaction. It imports none of them (they import it), and tells people's open tabs through the
 * realtime hub of server/services/realtime, which chat's socket server registers. The on/off
 * switch is the one per person (docs/domains/communication.md) (users.notifications_on, /api/scheduling/notificationOnOff,
 * scheduling's): off, no notification is made (decision 039).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedNotificationsDemo } from './demo.js';
import { notificationRoutes } from './routes.js';

export const notifications: ModuleDefinition = {
  name: 'notifications',
  routes: [{ plugin: notificationRoutes }],
  seedDemo: seedNotificationsDemo,
};

export { notifyEach, notifyPeople, type NotifyInput, type PersonalNotification } from './notify-people.js';
