import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GENRE_ROUTES } from '../../../shared/contracts/genres.js';
import { genres } from '../../db/schema/index.js';
import { contractRoute } from '../../lib/contract-route.js';

/** The platform's instruments and genres, for any signed-in person (pickers and forms). */
export const genreRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, GENRE_ROUTES.list, async (req) => {
    const rows = await req.tx((tx) => tx.select().from(genres).orderBy(asc(genres.name)));
    return { results: rows.map((g) => ({ _id: g.id, name: g.name })) };
  });
};
