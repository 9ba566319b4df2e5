import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { invoicePaymentBody, payTokenParams } from '../../../../shared/contracts/billing-family.js';
import { httpStatusOfCharge } from '../payments/charge-invoice.js';
import { familyContextOf } from './family-context.js';
import { checkPayPageView } from './limits.js';
import { payByToken } from './pay-invoice.js';
import { getPayableInvoice } from './pay-page.js';

const tags = ['billing: pay page'];

/**
 * The public pay page's calls under /api/invoice (docs/domains/billing.md "Data and calls", no token): the invoice of a pay
 * token, and its payment. The token in the emailed link is the key; an unknown one is 404.
 */
export const payPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = familyContextOf(app.services);

  app.get('/:id', { schema: { tags, params: payTokenParams, security: [] } }, async (req, reply) => {
    await checkPayPageView(app.services.rateLimits, req.ip);
    return ok(reply, await getPayableInvoice(app.services.db, req.params.id, ctx.gatewayFor));
  });

  // docs/domains/billing.md "Rules": 200 with the server's message (the page shows it and clears the form), any
  // other status with the message the page shows in its error dialog (the gateway's words).
  app.post('/payment', { schema: { tags, body: invoicePaymentBody, security: [] } }, async (req, reply) => {
    const { outcome, data } = await payByToken(app.services, ctx, req.body, req.ip);
    return ok(reply, data, outcome.message, httpStatusOfCharge(outcome));
  });
};
