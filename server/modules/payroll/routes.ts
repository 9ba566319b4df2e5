import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYROLL_MESSAGES as M, PAYROLL_ROUTES as R } from '../../../shared/contracts/payroll.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { addAdjustment, deleteAdjustment } from './adjustments.js';
import { approvePayroll, deletePayroll } from './approve-payroll.js';
import { exportApprovedPayroll, listApprovedPayroll } from './approved-report.js';
import { generatePayroll, regeneratePayroll } from './generate-payroll.js';
import { listPayrolls, payrollDetail, payrollLessonsOf } from './payroll-detail.js';
import { getPayrollSettings, savePayrollSettings } from './payroll-settings.js';
import { assertPayroll } from './payroll-guard.js';
import { payslipPdf } from './payslip.js';

/** Payroll (shared/contracts/payroll.ts lists the calls). Every service asks policies/payroll.ts first. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  // A sub-admin without allow_payroll_report is refused before anything is read, whatever the request says:
  // after the contract's guard has set the actor, before the request is validated (decision 059).
  app.addHook('preValidation', async (req) => void assertPayroll(req.actor!));

  contractRoute(app, R.getSettings, (req) => req.tx((tx) => getPayrollSettings(tx, req.actor!)));

  contractRoute(app, R.saveSettings, async (req) => answer(await req.tx((tx) => savePayrollSettings(tx, req.actor!, req.body)), M.settingsSaved));

  contractRoute(app, R.generate, async (req) => answer(await req.tx((tx) => generatePayroll(tx, req.actor!, req.body)), M.generated));

  contractRoute(app, R.list, (req) => req.tx((tx) => listPayrolls(tx, req.actor!, req.body)));

  contractRoute(app, R.approved, (req) => req.tx((tx) => listApprovedPayroll(tx, req.actor!, req.body)));

  contractRoute(app, R.exportApproved, async (req, reply) => {
    const csv = await req.tx((tx) => exportApprovedPayroll(tx, req.actor!, req.body));
    return reply.code(200).header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="approved-payroll.csv"').send(csv);
  });

  contractRoute(app, R.addAdjustment, async (req) => answer(await req.tx((tx) => addAdjustment(tx, req.actor!, req.body)), M.adjusted));

  contractRoute(app, R.deleteAdjustment, async (req) => answer(await req.tx((tx) => deleteAdjustment(tx, req.actor!, req.body.id)), M.adjustmentDeleted));

  contractRoute(app, R.view, (req) => req.tx((tx) => payrollDetail(tx, req.actor!, req.params.id)));

  contractRoute(app, R.lessons, (req) => req.tx((tx) => payrollLessonsOf(tx, req.actor!, req.params.id, req.query.teacherId, req.query.kind)));

  contractRoute(app, R.regenerate, async (req) => answer(await req.tx((tx) => regeneratePayroll(tx, req.actor!, req.params.id)), M.regenerated));

  contractRoute(app, R.approve, async (req) => answer(await req.tx((tx) => approvePayroll(tx, req.actor!, req.params.id)), M.approved));

  contractRoute(app, R.delete, async (req) => {
    await req.tx((tx) => deletePayroll(tx, req.actor!, req.params.id));
    return answer(null, M.deleted);
  });

  contractRoute(app, R.payslip, async (req, reply) => {
    const { filename, pdf } = await req.tx((tx) => payslipPdf(tx, req.actor!, req.params.id, req.params.teacherId));
    return reply.code(200).header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });
};
