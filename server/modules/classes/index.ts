/** The classes module's one entry: classes/groups and their students. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { classRoutes, classSchedulingRoutes } from './routes.js';

export const classes: ModuleDefinition = {
  name: 'classes',
  routes: [
    { plugin: classRoutes, prefix: '/classes' },
    // A group's students for the lesson form (docs/domains/members.md: /scheduling/getClassGroupStudentList).
    { plugin: classSchedulingRoutes, prefix: '/scheduling' },
  ],
};

/** class_group_students' writes for other modules (decision 058). */
export { addStudentToClassGroup } from './group-students.js';
