import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { FAMILY_BILLING_ROUTES as R } from '../../../../shared/contracts/billing-family.js';
import { httpStatusOfCharge } from '../payments/charge-invoice.js';
import { familyContextOf } from './family-context.js';
import { checkPayPageView } from './limits.js';
import { payByToken } from './pay-invoice.js';
import { getPayableInvoice, payPagePdf } from './pay-page.js';
import { secretBoxOf } from '../../../lib/secret-box.js';

/**
 * The public pay page's calls under /api/invoice (docs/domains/billing.md "Data and calls", no token): the invoice of a pay
 * token, its PDF, and its payment. The token in the emailed link is the key; an unknown one is 404.
 */
export const payPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = familyContextOf(app.services);

  contractRoute(app, R.payableInvoice, async (req) => {
    await checkPayPageView(app.services.rateLimits, req.ip);
    return getPayableInvoice(app.services.db, req.params.id, ctx.gatewayFor);
  });

  // The PDF by the token alone (decision 075); counted as a view of the page, which it is part of.
  contractRoute(app, R.payPagePdf, async (req, reply) => {
    await checkPayPageView(app.services.rateLimits, req.ip);
    const { filename, pdf } = await payPagePdf(app.services.db, secretBoxOf(app.services.config), app.services.config.appUrl, req.params.id);
    return reply.code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(pdf);
  });

  // docs/domains/billing.md "Rules": 200 with the server's message (the page shows it and clears the form), any
  // other status with the message the page shows in its error dialog (the gateway's words).
  contractRoute(app, R.payByToken, async (req) => {
    const { outcome, data } = await payByToken(app.services, ctx, req.body, req.ip);
    return answer(data, outcome.message, httpStatusOfCharge(outcome));
  });
};
