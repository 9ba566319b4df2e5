/**
 * The courses module's one entry (issue 13): courses and their lessons, approval by the school,
 * assignment to students and classes/groups, and each student's progress.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedCoursesDemo } from './demo.js';
import { courseRoutes } from './routes.js';

export const courses: ModuleDefinition = {
  name: 'courses',
  routes: [{ plugin: courseRoutes, prefix: '/course' }],
  seedDemo: seedCoursesDemo,
};
