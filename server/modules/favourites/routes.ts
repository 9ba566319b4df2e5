import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAVOURITE_MESSAGES as M, favouriteIdBody, favouriteListBody, favouriteSongForm } from '../../../shared/contracts/favourites.js';
import { ok } from '../../lib/envelope.js';
import { addFavouriteSong, listFavouriteSongs, removeFavouriteSong } from './service.js';

const tags = ['favourites'];

/** A student's favourite songs under /api/favourite (the student alone: policies/practice.ts). */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/getFavouriteSongs', { schema: { tags, body: favouriteListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listFavouriteSongs(tx, req.actor!, req.body)));
  });

  app.post('/addFavouriteSong', { schema: { tags, body: favouriteSongForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addFavouriteSong(tx, req.actor!, req.body)), M.added);
  });

  app.delete('/removeFavouriteSong', { schema: { tags, body: favouriteIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeFavouriteSong(tx, req.actor!, req.body.songId));
    return ok(reply, null, M.removed);
  });
};
