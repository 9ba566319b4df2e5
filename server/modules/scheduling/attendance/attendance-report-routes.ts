import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceFilters, attendanceListBody } from '../../../../shared/contracts/attendance.js';
import { ok } from '../../../lib/envelope.js';
import { exportAttendance } from './export-attendance.js';
import { listAttendance } from './list-attendance.js';

const tags = ['attendance'];

/** The attendance report, registered under /api/reporting: staff the school, a teacher theirs, a family its own. */
export const attendanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/getAttendance', { schema: { tags, body: attendanceListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listAttendance(tx, req.actor!, req.body)));
  });

  app.post('/exportAttendance', { schema: { tags, body: attendanceFilters } }, async (req, reply) => {
    const csv = await req.tx((tx) => exportAttendance(tx, req.actor!, req.body));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="attendance-${req.body.from}-${req.body.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
