/** The activities module's one entry: Recent activities, and the one way to record one. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { activityRoutes } from './routes.js';

export const activities: ModuleDefinition = { name: 'activities', routes: [{ plugin: activityRoutes }] };

export { recordActivity, type Activity } from './record-activity.js';
