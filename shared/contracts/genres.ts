import { z } from 'zod';
import { genre } from './members.js';
import { defineRoute } from './route.js';

/** The platform's instruments and genres (POST /api/genre/getgenre), for pickers and forms. */
export const GENRE_ROUTES = {
  list: defineRoute({
    method: 'POST', path: '/genre/getgenre', response: z.object({ results: z.array(genre) }),
    meta: { roles: 'signedIn', tags: ['genres'], lapsedSchool: 'open' },
  }),
};
