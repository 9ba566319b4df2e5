/** The signup widget module's one entry: the public signup form and the school's approval of it (decision 010). */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { approvedStudentRoutes, signupWidgetRoutes } from './routes.js';

export const signupWidget: ModuleDefinition = {
  name: 'signup-widget',
  routes: [{ plugin: signupWidgetRoutes }, { plugin: approvedStudentRoutes }],
};
