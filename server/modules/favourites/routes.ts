import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAVOURITE_MESSAGES as M, FAVOURITE_ROUTES as R } from '../../../shared/contracts/favourites.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { addFavouriteSong, listFavouriteSongs, removeFavouriteSong } from './service.js';

/** A student's favourite songs under /api/favourite (the student alone: policies/practice.ts). */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listFavouriteSongs(tx, req.actor!, req.body)));

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addFavouriteSong(tx, req.actor!, req.body)), M.added));

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeFavouriteSong(tx, req.actor!, req.body.songId));
    return answer(null, M.removed);
  });
};
