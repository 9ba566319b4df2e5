import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { feedOwnerOf, getCalendarFeed, resetCalendarFeed } from './calendar-feed.js';
import { renderCalendarFeed } from './ical-feed.js';

/** The private calendar link of the signed-in person, under /api/scheduling. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedArgs = () => [secretBoxOf(app.services.config), app.services.config.appUrl] as const;

  // The link outlives any session: someone acting as another person must not carry theirs away.
  const personally = (req: FastifyRequest) => {
    if (req.actor!.realUser) throw forbidden(M.feedNotInLoginAs);
  };

  contractRoute(app, R.getCalendarFeed, (req) => {
    personally(req);
    return req.tx((tx) => getCalendarFeed(tx, req.actor!, ...feedArgs()));
  });

  contractRoute(app, R.resetCalendarFeed, async (req) => {
    personally(req);
    return answer(await req.tx((tx) => resetCalendarFeed(tx, req.actor!, ...feedArgs())), M.feedReset);
  });
};

const FEED_FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

/** GET /api/scheduling/ical/{token}.ics: no session, the URL is the key; an unknown one is 404. */
export const icalRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.icalFeed, async (req, reply) => {
    const token = FEED_FILE.exec(req.params.file)?.[1];
    const owner = token ? await feedOwnerOf(app.services.db, token) : null;
    if (!owner) throw notFound('Calendar not found');
    const body = await app.services.db.transaction({ kind: 'school', adminId: owner.adminId }, (tx) => renderCalendarFeed(tx, owner, app.services.clock.now(owner.adminId)));
    return reply.code(200)
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="lessons.ics"')
      // Calendar apps poll; five minutes of caching spares the database without going stale.
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });
};
