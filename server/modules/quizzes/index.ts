/**
 * The quizzes module's one entry (issue 17, decision 048): the provider's quiz categories, quizzes
 * and questions (the superadmin writes them), students' attempts marked on the server, and each
 * student's best and last scores for the student report.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedQuizDemo } from './demo.js';
import { quizRoutes } from './routes.js';

export const quizzes: ModuleDefinition = {
  name: 'quizzes',
  routes: [{ plugin: quizRoutes }],
  seedDemo: seedQuizDemo,
};
