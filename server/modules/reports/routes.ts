import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_ROUTES as R } from '../../../shared/contracts/reports.js';
import { contractRoute } from '../../lib/contract-route.js';
import { exportStudentReport, getStudentReport } from './student-report.js';

/** The student report, under /api/reporting: staff the school, a teacher theirs, a family its own. */
export const studentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.getStudentReport, (req) => req.tx((tx) => getStudentReport(tx, req.actor!, req.body)));

  contractRoute(app, R.exportStudentReport, async (req, reply) => {
    const csv = await req.tx((tx) => exportStudentReport(tx, req.actor!, req.body));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="student-report-${req.body.from}-${req.body.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
