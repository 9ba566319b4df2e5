import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTENDANCE_ROUTES as R } from '../../../../shared/contracts/attendance.js';
import { contractRoute } from '../../../lib/contract-route.js';
import { exportAttendance } from './export-attendance.js';
import { listAttendance } from './list-attendance.js';

/** The attendance report, under /api/reporting: staff the school, a teacher theirs, a family its own. */
export const attendanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listAttendance(tx, req.actor!, req.body)));

  contractRoute(app, R.export, async (req, reply) => {
    const csv = await req.tx((tx) => exportAttendance(tx, req.actor!, req.body));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="attendance-${req.body.from}-${req.body.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
