import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVOICE_MESSAGES as M, INVOICE_ROUTES as R } from '../../../../shared/contracts/billing-invoices.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
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

const savedMessage = (saved: SavedInvoice, draft: string) => (!saved.sent ? draft : saved.emailedTo ? M.sent : M.noEmail);

/** The office's invoices under /api/invoices (Plans / Payments > Invoicing). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = () => secretBoxOf(app.services.config);
  const appUrl = () => app.services.config.appUrl;

  contractRoute(app, R.list, (req) => req.tx((tx) => listInvoices(tx, req.actor!, req.body)));

  contractRoute(app, R.create, async (req) => {
    const saved = await req.tx((tx) => createInvoiceFromForm(tx, req.actor!, box(), appUrl(), req.body));
    return answer({ _id: saved.id, emailedTo: saved.emailedTo }, savedMessage(saved, M.created));
  });

  contractRoute(app, R.update, async (req) => {
    const saved = await req.tx((tx) => updateDraftInvoice(tx, req.actor!, box(), appUrl(), req.body));
    return answer({ _id: saved.id, emailedTo: saved.emailedTo }, savedMessage(saved, M.updated));
  });

  contractRoute(app, R.view, (req) => req.tx((tx) => getInvoiceDetails(tx, req.actor!, box(), appUrl(), req.params.id)));

  contractRoute(app, R.send, async (req) => {
    const sent = await req.tx((tx) => sendDraftInvoice(tx, req.actor!, box(), appUrl(), req.body.id));
    return answer({ _id: sent.invoice.id, emailedTo: sent.emailedTo }, sent.emailedTo ? M.sent : M.noEmail);
  });

  contractRoute(app, R.resend, async (req) => {
    const sent = await req.tx((tx) => resendInvoice(tx, req.actor!, box(), appUrl(), req.body.id));
    return answer({ _id: sent.invoice.id, emailedTo: sent.emailedTo }, sent.emailedTo ? M.resent : M.noEmail);
  });

  contractRoute(app, R.void, async (req) => {
    await req.tx((tx) => voidInvoice(tx, req.actor!, req.body));
    return answer({ _id: req.body.id }, M.voided);
  });

  contractRoute(app, R.recordPayment, async (req) => {
    const result = await req.tx((tx) => recordPayment(tx, req.actor!, req.body));
    return answer({ _id: req.body.id, ...result }, M.paymentRecorded);
  });

  contractRoute(app, R.lessonLines, (req) => req.tx((tx) => lessonLines(tx, req.actor!, req.body)));

  contractRoute(app, R.defaults, (req) => req.tx((tx) => invoiceDefaults(tx, req.actor!)));

  contractRoute(app, R.billTo, (req) => req.tx((tx) => billToOf(tx, req.actor!, req.body.studentId)));

  contractRoute(app, R.pdf, async (req, reply) => {
    const { filename, pdf } = await req.tx((tx) => invoicePdfFor(tx, req.actor!, box(), appUrl(), req.params.id));
    return reply.code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(pdf);
  });
};
