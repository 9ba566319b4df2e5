/**
 * The notifications module's one entry (issues 14, 28): the in-app bell's calls, each person's
 * choices of channel per category, and `notifyPeople`/`notifyEach`, which the modules where
 * things happen call in their own transaction. It imports none of them (they import it), and
 * tells people's open tabs through the realtime hub of server/services/realtime, which chat's
 * socket server registers. The master switch is the one per person (users.notifications_on,
 * /api/scheduling/notificationOnOff, scheduling's): off, nothing on any channel (decisions 039, 083).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedNotificationsDemo } from './demo.js';
import { notificationRoutes } from './routes.js';

export const notifications: ModuleDefinition = {
  name: 'notifications',
  routes: [{ plugin: notificationRoutes }],
  seedDemo: seedNotificationsDemo,
};

export {
  notifyEach, notifyPeople, EMAIL_GROUP_WINDOW_MS, type NoticeEmail, type NoticeGroup, type NotifyInput, type PersonalNotification,
} from './notify-people.js';
export { providerIds, schoolOfficeIds } from './recipients.js';
export type { NotificationKind } from '../../../shared/contracts/notification-preferences.js';
