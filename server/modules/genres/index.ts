/** The genres module's one entry: the instruments a school teaches. */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { genreRoutes } from './routes.js';

export const genres: ModuleDefinition = { name: 'genres', routes: [{ plugin: genreRoutes }] };
