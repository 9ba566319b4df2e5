/**
 * The communication module's one entry (issue 14): group email (a send, its email rows through
 * the outbox, the signed unsubscribe link) and the communication log that reads the outbox. One
 * module, not two: the log, the sends' progress and the unsubscribe list all read the same email
 * rows, and keeping them together spares a module door for each other's helpers.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedCommunicationDemo } from './demo.js';
import { groupEmailRoutes } from './group-email/group-email-routes.js';
import { communicationLogRoutes } from './log/log-routes.js';
import { unsubscribeRoutes } from './unsubscribe/unsubscribe-routes.js';

export const communication: ModuleDefinition = {
  name: 'communication',
  routes: [
    { plugin: groupEmailRoutes },
    { plugin: unsubscribeRoutes },
    { plugin: communicationLogRoutes },
  ],
  seedDemo: seedCommunicationDemo,
};
