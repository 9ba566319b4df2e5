import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { paymentDetailsParams, paymentReportFilters, paymentReportListBody } from '../../../../shared/contracts/billing-reports.js';
import { exportPayments } from './export-payments.js';
import { listPayments } from './list-payments.js';
import { paymentDetails } from './payment-details.js';

const tags = ['billing reports'];

/**
 * The payments report, under /api/reports/payments: every signed-in role, each within its reach
 * (policies/billing-reports.ts: the superadmin every school, staff the school, a teacher their
 * students, a family its own).
 */
export const paymentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/list', { schema: { tags, body: paymentReportListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listPayments(tx, req.actor!, req.body)));
  });

  app.get('/export', { schema: { tags, querystring: paymentReportFilters } }, async (req, reply) => {
    const csv = await req.tx((tx) => exportPayments(tx, req.actor!, req.query));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payments-${req.query.from}-${req.query.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/details/:id', { schema: { tags, params: paymentDetailsParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => paymentDetails(tx, req.actor!, req.params.id)));
  });
};
