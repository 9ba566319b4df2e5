/** The favourites module's one entry: a student's favourite songs (issue 13). */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedFavouritesDemo } from './seed-favourites-demo.js';
import { favouriteRoutes } from './routes.js';

export const favourites: ModuleDefinition = {
  name: 'favourites',
  routes: [{ plugin: favouriteRoutes }],
  seedDemo: seedFavouritesDemo,
};
