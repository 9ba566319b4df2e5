/** The schools module's one entry: the superadmin's schools and private teachers. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { schoolRoutes } from './routes.js';

export const schools: ModuleDefinition = { name: 'schools', routes: [{ plugin: schoolRoutes }] };

/** The schools table's writes for other modules (decision 058). */
export { createSchoolRow, deleteSchoolRow, planLapsedOf, setSchoolPlanState, type NewSchoolRow, type SchoolPlanState } from './school-rows.js';
