/**
 * Learn More (issue 17): a school's page for its students (about, teachers and instruments,
 * contact, widgets) and the admin's text for it.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedLearnMoreDemo } from './demo.js';
import { learnMoreRoutes } from './routes.js';

export const learnMore: ModuleDefinition = {
  name: 'learn-more',
  routes: [{ plugin: learnMoreRoutes }],
  seedDemo: seedLearnMoreDemo,
};
