import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedParams, getNotificationOnOffBody, notificationOnOffBody, SCHEDULING_MESSAGES as M, takeAttendanceBody, upcomingLessonsBody,
} from '../../../shared/contracts/scheduling.js';
import { ok } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { feedOwnerOf, getCalendarFeed, resetCalendarFeed } from './calendar-feed.js';
import { renderCalendarFeed } from './ical-feed.js';
import { getNotificationSetting, setNotificationSetting } from './notification-setting.js';
import { takeAttendance } from './take-attendance.js';
import { listUpcomingLessons } from './upcoming-lessons.js';
import { viewerOf } from './viewer.js';

const tags = ['scheduling'];
const empty = z.object({}).default({});

/** Attendance, upcoming lessons, reminders on/off and the private calendar link, under /api/scheduling. */
export const attendanceReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());
  const acting = (req: FastifyRequest) => viewerOf(req.auth!, req.ip).acting;
  const feedArgs = () => [secretBoxOf(app.services.config), app.services.config.appUrl] as const;

  app.post('/takeAttendance', { schema: { tags, body: takeAttendanceBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => takeAttendance(tx, acting(req), req.body)), M.attendanceSaved);
  });

  app.post('/getUpcomingLessons', { schema: { tags, body: upcomingLessonsBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listUpcomingLessons(tx, viewerOf(req.auth!, req.ip), req.body)));
  });

  app.post('/getNotificationOnOff', { schema: { tags, body: getNotificationOnOffBody.default({}) } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getNotificationSetting(tx, acting(req), req.body.userId)));
  });

  app.post('/notificationOnOff', { schema: { tags, body: notificationOnOffBody } }, async (req, reply) => {
    const saved = await req.tx((tx) => setNotificationSetting(tx, acting(req), req.body.userId, req.body.notificationsOn));
    return ok(reply, saved, M.notificationSaved);
  });

  // The link outlives any session: someone acting as another person must not carry theirs away.
  const personally = (req: FastifyRequest) => {
    if (req.auth!.actor) throw forbidden(M.feedNotInLoginAs);
  };

  app.post('/getCalendarFeed', { schema: { tags, body: empty } }, async (req, reply) => {
    personally(req);
    return ok(reply, await req.tx((tx) => getCalendarFeed(tx, acting(req), ...feedArgs())));
  });

  app.post('/resetCalendarFeed', { schema: { tags, body: empty } }, async (req, reply) => {
    personally(req);
    return ok(reply, await req.tx((tx) => resetCalendarFeed(tx, acting(req), ...feedArgs())), M.feedReset);
  });
};

const FEED_FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

/** GET /api/scheduling/ical/{token}.ics: no session, the URL is the key; an unknown one is 404. */
export const icalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ical/:file', { schema: { tags, params: calendarFeedParams, security: [] } }, async (req, reply) => {
    const token = FEED_FILE.exec(req.params.file)?.[1];
    const owner = token ? await feedOwnerOf(app.services.db, token) : null;
    if (!owner) throw notFound('Calendar not found');
    const body = await app.services.db.transaction({ kind: 'school', adminId: owner.adminId }, (tx) => renderCalendarFeed(tx, owner));
    return reply.code(200)
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="lessons.ics"')
      // Calendar apps poll; five minutes of caching spares the database without going stale.
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });
};
