/** The schools module's one entry: the superadmin's schools and private teachers. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { schoolRoutes } from './routes.js';

export const schools: ModuleDefinition = { name: 'schools', routes: [{ plugin: schoolRoutes, prefix: '/school/privateteacher' }] };
