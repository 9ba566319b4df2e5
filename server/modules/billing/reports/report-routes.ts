import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../lib/contract-route.js';
import { PAYMENT_REPORT_ROUTES as R } from '../../../../shared/contracts/billing-reports.js';
import { exportPayments } from './export-payments.js';
import { listPayments } from './list-payments.js';
import { paymentDetails } from './payment-details.js';

/**
 * The payments report, under /api/reports/payments: every signed-in role, each within its reach
 * (policies/billing-reports.ts: the superadmin every school, staff the school, a teacher their
 * students, a family its own).
 */
export const paymentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listPayments(tx, req.actor!, req.body)));

  contractRoute(app, R.export, async (req, reply) => {
    const csv = await req.tx((tx) => exportPayments(tx, req.actor!, req.query));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payments-${req.query.from}-${req.query.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  contractRoute(app, R.details, (req) => req.tx((tx) => paymentDetails(tx, req.actor!, req.params.id)));
};
