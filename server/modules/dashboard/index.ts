/** The dashboard module's one entry: the figures of the signed-in user's home page. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { dashboardRoutes } from './routes.js';

export const dashboard: ModuleDefinition = { name: 'dashboard', routes: [{ plugin: dashboardRoutes }] };
