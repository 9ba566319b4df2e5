import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { STORE_WIDGET_MESSAGES as M, STORE_WIDGET_ROUTES as R } from '../../../shared/contracts/store-widget.js';
import { itemImages } from './item-images.js';
import { presentItem } from './presenter.js';
import { storeOpen } from './routes.js';
import { getStoreWidget, publicStoreWidget, setStoreWidget } from './widget-service.js';

/** A widget page loads its store once: 60 a minute per address is plenty for people, little for a script. */
const PUBLIC_LIMIT = { name: 'store-widget-ip', points: 60, durationSec: 60 } as const;

/** /api/store/widget: Store Builder's choice (admin alone). */
export const storeWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  app.addHook('preValidation', storeOpen);

  const builder = async (req: FastifyRequest) => {
    const state = await req.tx((tx) => getStoreWidget(tx, req.actor!));
    const images = await itemImages(db, fileLinks, req.actor!, state.chosen);
    return { ...state, chosen: state.chosen.map((r) => presentItem(r, r.imageFileId ? images.get(r.imageFileId) : undefined)) };
  };

  contractRoute(app, R.get, (req) => builder(req));

  contractRoute(app, R.set, async (req) => {
    await req.tx((tx) => setStoreWidget(tx, req.actor!, req.body.productIds));
    return answer(await builder(req), M.saved);
  });
};

/** The public widget page's store (no token): a plugin of its own, outside the builder's store check. */
export const publicStoreWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.public, async (req) => {
    await consumeOrThrow(app.services.rateLimits.limiter(PUBLIC_LIMIT), req.ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));
    return publicStoreWidget(app.services, req.body.adminId);
  });
};
