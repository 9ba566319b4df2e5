/** The families module's one entry: households, kept in step with parent_children (decision 008). */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { familyRoutes } from './routes.js';

export const families: ModuleDefinition = { name: 'families', routes: [{ plugin: familyRoutes }] };

export { joinHousehold, type JoinHousehold } from './join-household.js';
/** parent_children's writes for other modules (decision 058). */
export { addParentLinks, setChildrenOfParent, setParentsOfStudent, type ParentLink } from './parent-links.js';
