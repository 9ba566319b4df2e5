/**
 * Support, "Contact for More Features" (issue 14): requests to the provider, the superadmin's
 * answers, and the sender's email of each answer.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { supportRoutes } from './routes.js';

export const support: ModuleDefinition = { name: 'support', routes: [{ plugin: supportRoutes }] };
