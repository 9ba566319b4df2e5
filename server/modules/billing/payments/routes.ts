import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { forbidden } from '../../../lib/http-errors.js';
import { mayRefundPayments } from '../../../policies/billing-payments.js';
import { PAYMENT_ROUTES as R } from '../../../../shared/contracts/billing-payments.js';
import { presentRefund } from './presenter.js';
import { httpStatusOfRefund, refundPayment } from './refund-payment.js';
import { schoolToday } from '../../../lib/school-clock.js';

/** Staff's payment calls (issue 11): refunds of a school's payments. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.refund, async (req) => {
    const actor = req.actor!;
    if (!mayRefundPayments(actor)) throw forbidden();
    const outcome = await refundPayment(app.services.db, app.services, {
      adminId: actor.adminId!,
      paymentId: req.body.paymentId,
      amountCents: req.body.amount,
      actor,
      idempotencyKey: req.headers['idempotency-key'],
    });
    const today = await req.tx((tx) => schoolToday(tx, actor.adminId!));
    return answer(presentRefund(outcome, today), outcome.message, httpStatusOfRefund(outcome));
  });
};
