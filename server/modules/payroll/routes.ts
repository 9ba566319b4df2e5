import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYROLL_MESSAGES as M, adjustmentBody, adjustmentIdBody, approvedPayrollBody, approvedPayrollFilters, generatePayrollBody,
  payrollIdParams, payrollLessonsQuery, payrollListBody, payrollSettingsBody, payslipParams,
} from '../../../shared/contracts/payroll.js';
import { ok } from '../../lib/envelope.js';
import { addAdjustment, deleteAdjustment } from './adjustments.js';
import { approvePayroll, deletePayroll } from './approve-payroll.js';
import { exportApprovedPayroll, listApprovedPayroll } from './approved-report.js';
import { generatePayroll, regeneratePayroll } from './generate-payroll.js';
import { listPayrolls, payrollDetail, payrollLessonsOf } from './payroll-detail.js';
import { getPayrollSettings, savePayrollSettings } from './payroll-settings.js';
import { assertPayroll } from './payroll-guard.js';
import { payslipPdf } from './payslip.js';
import { SCHOOL_STAFF_ROLES } from '../../../shared/roles.js';

const tags = ['payroll'];

/** Payroll under /api/payroll (shared/contracts/payroll.ts lists the calls). Every service asks policies/payroll.ts first. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth(...SCHOOL_STAFF_ROLES));
  // A sub-admin without allow_payroll_report is refused before anything is read, whatever the request says.
  app.addHook('onRequest', async (req) => void assertPayroll(req.actor!));

  app.get('/settings', { schema: { tags } }, async (req, reply) => ok(reply, await req.tx((tx) => getPayrollSettings(tx, req.actor!))));

  app.post('/settings', { schema: { tags, body: payrollSettingsBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => savePayrollSettings(tx, req.actor!, req.body)), M.settingsSaved);
  });

  app.post('/generate', { schema: { tags, body: generatePayrollBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => generatePayroll(tx, req.actor!, req.body)), M.generated);
  });

  app.post('/list', { schema: { tags, body: payrollListBody } }, async (req, reply) => ok(reply, await req.tx((tx) => listPayrolls(tx, req.actor!, req.body))));

  app.post('/approved', { schema: { tags, body: approvedPayrollBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listApprovedPayroll(tx, req.actor!, req.body)));
  });

  app.post('/exportApproved', { schema: { tags, body: approvedPayrollFilters } }, async (req, reply) => {
    const csv = await req.tx((tx) => exportApprovedPayroll(tx, req.actor!, req.body));
    return reply.code(200).header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="approved-payroll.csv"').send(csv);
  });

  app.post('/adjustment', { schema: { tags, body: adjustmentBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addAdjustment(tx, req.actor!, req.body)), M.adjusted);
  });

  app.delete('/adjustment', { schema: { tags, body: adjustmentIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => deleteAdjustment(tx, req.actor!, req.body.id)), M.adjustmentDeleted);
  });

  app.get('/:id', { schema: { tags, params: payrollIdParams } }, async (req, reply) => ok(reply, await req.tx((tx) => payrollDetail(tx, req.actor!, req.params.id))));

  app.get('/:id/lessons', { schema: { tags, params: payrollIdParams, querystring: payrollLessonsQuery } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => payrollLessonsOf(tx, req.actor!, req.params.id, req.query.teacherId, req.query.kind)));
  });

  app.post('/:id/regenerate', { schema: { tags, params: payrollIdParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => regeneratePayroll(tx, req.actor!, req.params.id)), M.regenerated);
  });

  app.post('/:id/approve', { schema: { tags, params: payrollIdParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => approvePayroll(tx, req.actor!, req.params.id)), M.approved);
  });

  app.delete('/:id', { schema: { tags, params: payrollIdParams } }, async (req, reply) => {
    await req.tx((tx) => deletePayroll(tx, req.actor!, req.params.id));
    return ok(reply, null, M.deleted);
  });

  app.get('/:id/payslip/:teacherId', { schema: { tags, params: payslipParams } }, async (req, reply) => {
    const { filename, pdf } = await req.tx((tx) => payslipPdf(tx, req.actor!, req.params.id, req.params.teacherId));
    return reply.code(200).header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });
};
