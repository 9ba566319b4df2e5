/** The health module's one entry: is the process up, and are its database and Redis reachable. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { healthRoutes } from './routes.js';

export const health: ModuleDefinition = { name: 'health', routes: [{ plugin: healthRoutes }] };
