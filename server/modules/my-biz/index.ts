/**
 * Build My Biz (issue 17, decision 050): the provider's categories and articles that help schools
 * grow; the superadmin writes them, a school's office and teachers read the published ones.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedMyBizDemo } from './demo.js';
import { myBizRoutes } from './routes.js';

export const myBiz: ModuleDefinition = { name: 'my-biz', routes: [{ plugin: myBizRoutes }], seedDemo: seedMyBizDemo };
