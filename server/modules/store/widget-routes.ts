import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { WIDGET_ROLES } from '../../policies/store.js';
import { STORE_WIDGET_MESSAGES as M, publicStoreWidgetBody, setStoreWidgetBody } from '../../../shared/contracts/store-widget.js';
import { itemImages } from './item-images.js';
import { presentItem } from './presenter.js';
import { storeOpen } from './routes.js';
import { getStoreWidget, publicStoreWidget, setStoreWidget } from './widget-service.js';

const tags = ['store: widget'];
/** A widget page loads its store once: 60 a minute per address is plenty for people, little for a script. */
const PUBLIC_LIMIT = { name: 'store-widget-ip', points: 60, durationSec: 60 } as const;

/** /api/store/widget: Store Builder's choice (admin alone) and the public widget page's store (no token). */
export const storeWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  const admin = [app.requireAuth(...WIDGET_ROLES), storeOpen];

  const builder = async (req: FastifyRequest) => {
    const state = await req.tx((tx) => getStoreWidget(tx, req.actor!));
    const images = await itemImages(db, fileLinks, req.actor!, state.chosen);
    return { ...state, chosen: state.chosen.map((r) => presentItem(r, r.imageFileId ? images.get(r.imageFileId) : undefined)) };
  };

  app.post('/get', { schema: { tags }, onRequest: admin }, async (req, reply) => ok(reply, await builder(req)));

  app.post('/set', { schema: { tags, body: setStoreWidgetBody }, onRequest: admin }, async (req, reply) => {
    await req.tx((tx) => setStoreWidget(tx, req.actor!, req.body.productIds));
    return ok(reply, await builder(req), M.saved);
  });

  app.post('/public', { schema: { tags, body: publicStoreWidgetBody, security: [] } }, async (req, reply) => {
    await consumeOrThrow(app.services.rateLimits.limiter(PUBLIC_LIMIT), req.ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));
    return ok(reply, await publicStoreWidget(app.services, req.body.adminId));
  });
};
