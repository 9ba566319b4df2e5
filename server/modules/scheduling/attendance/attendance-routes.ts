import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { withLessonActivity } from '../lesson-activity.js';
import { takeAttendance } from './take-attendance.js';

/** Taking a lesson's attendance, under /api/scheduling (the report is attendance-report-routes.ts). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.takeAttendance, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'attendance.taken', req.body.lessonId, () => takeAttendance(tx, req.actor!, req.body, req.now()))), M.attendanceSaved));
};
