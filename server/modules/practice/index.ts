/**
 * The practice module's one entry (issue 13): practice assignments, the practice timer and the
 * sessions it records, the student practice report.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedPracticeDemo } from './demo/seed-practice-demo.js';
import { practiceRoutes } from './routes.js';

/** The school's clock, for other modules that count a student's days (the ear trainer's streak and week). */

export const practice: ModuleDefinition = {
  name: 'practice',
  routes: [{ plugin: practiceRoutes }],
  seedDemo: seedPracticeDemo,
};
