import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { storeOpen } from '../store/index.js';
import { singleOrderQuery } from '../../../shared/contracts/store-invoices.js';
import { invoicePdf } from './invoice-pdf.js';
import { storeInvoice, storeInvoiceWithMoney } from './invoice-service.js';

const tags = ['store: invoices'];

/** Under /api/order: docs/domains/store.md "Data and calls"'s single-order lookup for the invoices, and the invoice's PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  // Who may open an order is decided per order (its buyer, its store's staff, the superadmin): any signed-in role reaches the check.
  const signedIn = [app.requireAuth(), storeOpen];

  app.get('/getSingleUserOrder', { schema: { tags, querystring: singleOrderQuery }, onRequest: signedIn }, async (req, reply) => {
    return ok(reply, await storeInvoice(db, fileLinks, req.actor!, req.query.id, req.query.type));
  });

  app.get('/invoicePdf', { schema: { tags, querystring: singleOrderQuery }, onRequest: signedIn }, async (req, reply) => {
    const { invoice, money } = await storeInvoiceWithMoney(db, fileLinks, req.actor!, req.query.id, req.query.type);
    const { filename, pdf } = await invoicePdf(invoice, money);
    return reply.code(200).header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });
};
