/** The merchant module's one entry: a school's payment gateway details, sealed at rest (decision 010). */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { merchantRoutes } from './routes.js';

export const merchant: ModuleDefinition = { name: 'merchant', routes: [{ plugin: merchantRoutes }] };
