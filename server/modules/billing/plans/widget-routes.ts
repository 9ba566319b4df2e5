import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { consumeOrThrow } from '../../../services/rate-limits/rate-limits.js';
import { tooManyRequests } from '../../../lib/http-errors.js';
import { WIDGET_MESSAGES, WIDGET_ROUTES as R } from '../../../../shared/contracts/plan-widgets.js';
import { activeWidgets, publicWidget, setWidget } from './widgets.js';

/** A widget page loads its school once: 60 a minute per address is plenty for people, little for a script. */
const PUBLIC_LIMIT = { name: 'widget-school-ip', points: 60, durationSec: 60 } as const;

/** /api/widget: which widgets are on (docs/domains/plans.md "Data and calls"'s getActiveWidget), switching one, and a widget page's school (no token). */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.active, (req) => req.tx((tx) => activeWidgets(tx, req.actor!)));

  contractRoute(app, R.set, async (req) => {
    const states = await req.tx((tx) => setWidget(tx, req.actor!, req.body.widget, req.body.active));
    return answer(states, req.body.active ? WIDGET_MESSAGES.on : WIDGET_MESSAGES.off);
  });

  contractRoute(app, R.publicSchool, async (req) => {
    await consumeOrThrow(app.services.rateLimits.limiter(PUBLIC_LIMIT), req.ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));
    return publicWidget(app.services, req.body.adminId, req.body.widget);
  });
};
