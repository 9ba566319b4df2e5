import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { FAMILY_MESSAGES as M, FAMILY_BILLING_ROUTES as R } from '../../../../shared/contracts/billing-family.js';
import { httpStatusOfCharge } from '../payments/charge-invoice.js';
import { setAutopay } from './autopay.js';
import { familyContextOf } from './family-context.js';
import { listFamilyInvoices } from './family-invoices.js';
import { payWithSavedCard } from './pay-invoice.js';
import { paymentMethodsOf } from './payment-methods.js';

/**
 * Payment / Billing under /api/paymentbilling: the payer's invoices (a parent's children's in one
 * list with one total), paying one with a saved card, and the autopay switch. Who may is the billing-family policy.
 */
export const paymentBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = familyContextOf(app.services);

  contractRoute(app, R.invoices, (req) => req.tx((tx) => listFamilyInvoices(tx, req.actor!, req.body, ctx)));

  contractRoute(app, R.payInvoice, async (req) => {
    const { outcome, data } = await payWithSavedCard(app.services, ctx, req.actor!, req.body);
    return answer(data, outcome.message, httpStatusOfCharge(outcome));
  });

  contractRoute(app, R.autopay, async (req) => {
    const student = await req.tx((tx) => setAutopay(tx, req.actor!, req.body, ctx));
    return answer(student, student.autopay ? M.autopayOn : M.autopayOff);
  });
};

/** GET /api/paymentMethod/getPaymentMethodList/{studentId}: see payment-methods.ts. */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = familyContextOf(app.services);

  contractRoute(app, R.paymentMethods, (req) => req.tx((tx) => paymentMethodsOf(tx, req.actor!, req.params.id, ctx)));
};
