import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billToBody, INVOICE_MESSAGES as M, invoiceForm, invoiceIdBody, invoiceIdParams, invoiceListBody, invoiceUpdateBody, lessonLinesBody, recordPaymentBody, voidInvoiceBody,
} from '../../../../shared/contracts/billing-invoices.js';
import { ok } from '../../../lib/envelope.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { billToOf, invoiceDefaults } from './form-facts.js';
import { getInvoiceDetails } from './invoice-details.js';
import { invoicePdfFor } from './invoice-pdf-route.js';
import { resendInvoice, sendDraftInvoice } from './issue-invoice.js';
import { lessonLines } from './lesson-lines.js';
import { listInvoices } from './list-invoices.js';
import { recordPayment } from './record-payment.js';
import { createInvoiceFromForm, updateDraftInvoice, type SavedInvoice } from './save-invoice.js';
import { voidInvoice } from './void-invoice.js';
import { SCHOOL_STAFF_ROLES } from '../../../../shared/roles.js';

const tags = ['invoices'];

const savedMessage = (saved: SavedInvoice, draft: string) => (!saved.sent ? draft : saved.emailedTo ? M.sent : M.noEmail);

/** The office's invoices under /api/invoices (Plans / Payments > Invoicing). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const office = app.requireAuth(...SCHOOL_STAFF_ROLES);
  // The PDF is the family's too (their own invoices: policies/invoices.ts); a teacher has no business with bills.
  const officeOrFamily = app.requireAuth('admin', 'subadmin', 'student', 'parent');
  const box = () => secretBoxOf(app.services.config);
  const appUrl = () => app.services.config.appUrl;

  app.post('/list', { onRequest: office, schema: { tags, body: invoiceListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listInvoices(tx, req.actor!, req.body)));
  });

  app.post('/create', { onRequest: office, schema: { tags, body: invoiceForm } }, async (req, reply) => {
    const saved = await req.tx((tx) => createInvoiceFromForm(tx, req.actor!, box(), appUrl(), req.body));
    return ok(reply, { _id: saved.id, emailedTo: saved.emailedTo }, savedMessage(saved, M.created));
  });

  app.post('/update', { onRequest: office, schema: { tags, body: invoiceUpdateBody } }, async (req, reply) => {
    const saved = await req.tx((tx) => updateDraftInvoice(tx, req.actor!, box(), appUrl(), req.body));
    return ok(reply, { _id: saved.id, emailedTo: saved.emailedTo }, savedMessage(saved, M.updated));
  });

  app.get('/view/:id', { onRequest: office, schema: { tags, params: invoiceIdParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getInvoiceDetails(tx, req.actor!, box(), appUrl(), req.params.id)));
  });

  app.post('/send', { onRequest: office, schema: { tags, body: invoiceIdBody } }, async (req, reply) => {
    const sent = await req.tx((tx) => sendDraftInvoice(tx, req.actor!, box(), appUrl(), req.body.id));
    return ok(reply, { _id: sent.invoice.id, emailedTo: sent.emailedTo }, sent.emailedTo ? M.sent : M.noEmail);
  });

  app.post('/resend', { onRequest: office, schema: { tags, body: invoiceIdBody } }, async (req, reply) => {
    const sent = await req.tx((tx) => resendInvoice(tx, req.actor!, box(), appUrl(), req.body.id));
    return ok(reply, { _id: sent.invoice.id, emailedTo: sent.emailedTo }, sent.emailedTo ? M.resent : M.noEmail);
  });

  app.post('/void', { onRequest: office, schema: { tags, body: voidInvoiceBody } }, async (req, reply) => {
    await req.tx((tx) => voidInvoice(tx, req.actor!, req.body));
    return ok(reply, { _id: req.body.id }, M.voided);
  });

  app.post('/recordPayment', { onRequest: office, schema: { tags, body: recordPaymentBody } }, async (req, reply) => {
    const result = await req.tx((tx) => recordPayment(tx, req.actor!, req.body));
    return ok(reply, { _id: req.body.id, ...result }, M.paymentRecorded);
  });

  app.post('/lessonLines', { onRequest: office, schema: { tags, body: lessonLinesBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => lessonLines(tx, req.actor!, req.body)));
  });

  app.get('/defaults', { onRequest: office, schema: { tags } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => invoiceDefaults(tx, req.actor!)));
  });

  app.post('/billTo', { onRequest: office, schema: { tags, body: billToBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => billToOf(tx, req.actor!, req.body.studentId)));
  });

  app.get('/pdf/:id', { onRequest: officeOrFamily, schema: { tags, params: invoiceIdParams } }, async (req, reply) => {
    const { filename, pdf } = await req.tx((tx) => invoicePdfFor(tx, req.actor!, box(), appUrl(), req.params.id));
    return reply.code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(pdf);
  });
};
