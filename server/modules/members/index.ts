/** The members module's one entry: sub-admins, teachers, students and parents of a school. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { memberFilterRoutes } from './filter-routes.js';
import { memberRoutes } from './routes.js';

export const members: ModuleDefinition = {
  name: 'members',
  routes: [
    { plugin: memberRoutes },
    // The people search of every form (docs/domains/members.md: /auth/filter).
    { plugin: memberFilterRoutes },
  ],
};

/** student_genres' writes for other modules (decision 058). */
export { addStudentGenres, type StudentGenre } from './student-genres.js';
