import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { consumeOrThrow } from '../../../services/rate-limits/rate-limits.js';
import { tooManyRequests } from '../../../lib/http-errors.js';
import { WIDGET_MESSAGES, publicWidgetBody, setWidgetBody } from '../../../../shared/contracts/plan-widgets.js';
import { activeWidgets, publicWidget, setWidget } from './widgets.js';

const tags = ['billing: widgets'];
/** A widget page loads its school once: 60 a minute per address is plenty for people, little for a script. */
const PUBLIC_LIMIT = { name: 'widget-school-ip', points: 60, durationSec: 60 } as const;

/** /api/widget: which widgets are on (docs/domains/plans.md "Data and calls"'s getActiveWidget), switching one, and a widget page's school (no token). */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.requireAuth();

  app.post('/getActiveWidget', { onRequest: auth, schema: { tags } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => activeWidgets(tx, req.actor!)));
  });

  app.post('/setActiveWidget', { onRequest: auth, schema: { tags, body: setWidgetBody } }, async (req, reply) => {
    const states = await req.tx((tx) => setWidget(tx, req.actor!, req.body.widget, req.body.active));
    return ok(reply, states, req.body.active ? WIDGET_MESSAGES.on : WIDGET_MESSAGES.off);
  });

  app.post('/public/school', { schema: { tags, body: publicWidgetBody, security: [] } }, async (req, reply) => {
    await consumeOrThrow(app.services.rateLimits.limiter(PUBLIC_LIMIT), req.ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));
    return ok(reply, await publicWidget(app.services, req.body.adminId, req.body.widget));
  });
};
