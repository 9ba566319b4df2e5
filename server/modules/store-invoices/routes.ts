import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route.js';
import { storeOpen } from '../store/index.js';
import { STORE_INVOICE_ROUTES as R } from '../../../shared/contracts/store-invoices.js';
import { invoicePdf } from './invoice-pdf.js';
import { storeInvoice, storeInvoiceWithMoney } from './invoice-service.js';

/** The single-order lookup for the invoices and its PDF (docs/domains/store.md "Data and calls"). Who may open an order is decided per order. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  app.addHook('preValidation', storeOpen);
  contractRoute(app, R.view, (req) => storeInvoice(db, fileLinks, req.actor!, req.query.id, req.query.type));

  contractRoute(app, R.pdf, async (req, reply) => {
    const { invoice, money } = await storeInvoiceWithMoney(db, fileLinks, req.actor!, req.query.id, req.query.type);
    const { filename, pdf } = await invoicePdf(invoice, money);
    return reply.code(200).header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });
};
