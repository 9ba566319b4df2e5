/**
 * Help (issue 14): articles for each role about what Cadenza does today, shipped with the app
 * (articles/) and served per role, searched on the server.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { helpRoutes } from './routes.js';

export const help: ModuleDefinition = { name: 'help', routes: [{ plugin: helpRoutes }] };
