import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { FAMILY_MESSAGES as M, autopayBody, familyInvoicesBody, payInvoiceBody, studentIdParams } from '../../../../shared/contracts/billing-family.js';
import { httpStatusOfCharge } from '../payments/charge-invoice.js';
import { setAutopay } from './autopay.js';
import { familyContextOf } from './family-context.js';
import { listFamilyInvoices } from './family-invoices.js';
import { payWithSavedCard } from './pay-invoice.js';
import { paymentMethodsOf } from './payment-methods.js';

const tags = ['billing: Payment / Billing'];

/**
 * Payment / Billing under /api/paymentbilling: the payer's invoices (a parent's children's in one
 * list with one total), paying one with a saved card, and the autopay switch. Who may is the billing-family policy.
 */
export const paymentBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());
  const ctx = familyContextOf(app.services);

  app.post('/invoices', { schema: { tags, body: familyInvoicesBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listFamilyInvoices(tx, req.actor!, req.body, ctx)));
  });

  app.post('/payInvoice', { schema: { tags, body: payInvoiceBody } }, async (req, reply) => {
    const { outcome, data } = await payWithSavedCard(app.services, ctx, req.actor!, req.body);
    return ok(reply, data, outcome.message, httpStatusOfCharge(outcome));
  });

  app.post('/autopay', { schema: { tags, body: autopayBody } }, async (req, reply) => {
    const student = await req.tx((tx) => setAutopay(tx, req.actor!, req.body, ctx));
    return ok(reply, student, student.autopay ? M.autopayOn : M.autopayOff);
  });
};

/** GET /api/paymentMethod/getPaymentMethodList/{studentId}: see payment-methods.ts. */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());
  const ctx = familyContextOf(app.services);

  app.get('/getPaymentMethodList/:id', { schema: { tags, params: studentIdParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => paymentMethodsOf(tx, req.actor!, req.params.id, ctx)));
  });
};
