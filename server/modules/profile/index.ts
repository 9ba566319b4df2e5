/** The profile module's one entry: the signed-in user's own page. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { profileRoutes } from './routes.js';

export const profile: ModuleDefinition = { name: 'profile', routes: [{ plugin: profileRoutes }] };
