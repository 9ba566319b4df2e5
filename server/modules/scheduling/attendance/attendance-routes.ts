import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, takeAttendanceBody } from '../../../../shared/contracts/scheduling.js';
import { ok } from '../../../lib/envelope.js';
import { withLessonActivity } from '../lesson-activity.js';
import { takeAttendance } from './take-attendance.js';

const tags = ['scheduling'];

/** Taking a lesson's attendance, under /api/scheduling (the report is attendance-report-routes.ts). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/takeAttendance', { schema: { tags, body: takeAttendanceBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => withLessonActivity(tx, req.actor!, 'attendance.taken', req.body.lessonId, () => takeAttendance(tx, req.actor!, req.body))), M.attendanceSaved);
  });
};
