import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { genres } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';

/** The platform's instruments and genres, for any signed-in person (pickers and forms). */
export const genreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/getgenre', { schema: { tags: ['genres'] }, onRequest: app.requireAuth() }, async (req, reply) => {
    const rows = await req.tx((tx) => tx.select().from(genres).orderBy(asc(genres.name)));
    return ok(reply, { results: rows.map((g) => ({ _id: g.id, name: g.name })) });
  });
};
