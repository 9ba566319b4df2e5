/**
 * The courses module's one entry (issue 13): courses and their lessons, approval by the school,
 * assignment to students and classes/groups, and each student's progress.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedCoursesDemo } from './demo.js';
import { courseRoutes } from './routes.js';

export const courses: ModuleDefinition = {
  name: 'courses',
  routes: [{ plugin: courseRoutes }],
  seedDemo: seedCoursesDemo,
};

/** Rich text as the formatted-body editor makes it, cleaned for storing (Build My Biz articles use it too). */
export { sanitizeLessonHtml as sanitizeRichText } from './sanitize-lesson-html.js';
