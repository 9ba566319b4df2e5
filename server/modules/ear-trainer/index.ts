/**
 * The ear trainer's one entry (issue 17): the provider's exercise sets per level, a student's
 * questions (answers checked here), SM-2 spaced repetition per student and item, stats, the
 * streak, and a teacher's weekly goal for a student (decision 049).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedEarTrainerDemo } from './demo.js';
import { earTrainerRoutes } from './routes.js';

export const earTrainer: ModuleDefinition = {
  name: 'ear-trainer',
  routes: [{ plugin: earTrainerRoutes }],
  seedDemo: seedEarTrainerDemo,
};
