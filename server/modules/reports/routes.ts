import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentReportFilters, studentReportListBody } from '../../../shared/contracts/reports.js';
import { ok } from '../../lib/envelope.js';
import { exportStudentReport, getStudentReport } from './student-report.js';

const tags = ['reports'];

/** The student report, under /api/reporting: staff the school, a teacher theirs, a family its own. */
export const studentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth('admin', 'subadmin', 'teacher', 'student', 'parent'));

  app.post('/getStudentReport', { schema: { tags, body: studentReportListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getStudentReport(tx, req.actor!, req.body)));
  });

  app.post('/exportStudentReport', { schema: { tags, body: studentReportFilters } }, async (req, reply) => {
    const csv = await req.tx((tx) => exportStudentReport(tx, req.actor!, req.body));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="student-report-${req.body.from}-${req.body.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
