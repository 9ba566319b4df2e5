import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { forbidden } from '../../../lib/http-errors.js';
import { mayRefundPayments } from '../../../policies/billing-payments.js';
import { refundPaymentBody } from '../../../../shared/contracts/billing-payments.js';
import { safeString } from '../../../../shared/contracts/common.js';
import { presentRefund } from './presenter.js';
import { httpStatusOfRefund, refundPayment } from './refund-payment.js';
import { schoolToday } from '../../../lib/school-clock.js';

const tags = ['billing'];

/** A retried request (a double click, a lost answer) refunds once: Stripe's Idempotency-Key header. */
const refundHeaders = z.object({
  'idempotency-key': safeString().trim().min(1, 'Idempotency-Key is empty').max(100, 'Idempotency-Key should allow only 100 characters.').optional(),
});

/** Staff's payment calls (issue 11): refunds of a school's payments. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/refundPayment', { schema: { tags, body: refundPaymentBody, headers: refundHeaders } }, async (req, reply) => {
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
    return ok(reply, presentRefund(outcome, today), outcome.message, httpStatusOfRefund(outcome));
  });
};
