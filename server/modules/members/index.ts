/** The members module's one entry: sub-admins, teachers, students and parents of a school. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { memberFilterRoutes } from './filter-routes.js';
import { memberRoutes } from './routes.js';

export const members: ModuleDefinition = {
  name: 'members',
  routes: [
    { plugin: memberRoutes, prefix: '/member' },
    // The people search of every form (docs/domains/members.md: /auth/filter).
    { plugin: memberFilterRoutes, prefix: '/auth' },
  ],
};

/** student_genres' writes for other modules (decision 058). */
export { addStudentGenres, type StudentGenre } from './student-genres.js';
