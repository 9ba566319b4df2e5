/** The classes module's one entry: classes/groups and their students. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { classRoutes } from './routes.js';

export const classes: ModuleDefinition = { name: 'classes', routes: [{ plugin: classRoutes }] };

/** class_group_students' writes for other modules (decision 058). */
export { addStudentToClassGroup } from './group-students.js';
