import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import {
  FAMILY_MESSAGES as M, addCardBody, cardIdBody, cardListBody, paymentProfileBody, paymentProfileParams, setDefaultCardBody,
} from '../../../../shared/contracts/billing-family.js';
import { familyContextOf } from './family-context.js';
import { checkCardAddAllowed } from './limits.js';
import { addCard, byCardId, byProfileIds, cardByProfile, listCards, removeCard, setDefaultCard, type RemoveResult } from './saved-cards.js';

const tags = ['billing: saved cards'];

const removedMessage = (r: RemoveResult) => (r.autopayStopped ? `${M.cardRemoved}. ${M.autopayOffNoCard}` : M.cardRemoved);

/**
 * Saved cards under /api/studentBilling (docs/domains/billing.md "Data and calls"): cardList, addToCard, removeCard and the
 * customer payment profile calls. addCustomerPayment, getCustomerPaymentProfile and
 * delCustomerPaymentProfile are the same services named as Authorize.Net names them (a card by
 * its customerProfileId and customerPaymentProfileId); updateCustomerPaymentProfile makes a card
 * the default. Who may is the billing-family policy: a card is its owner's, staff read.
 */
export const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());
  const ctx = familyContextOf(app.services);

  app.post('/cardList', { schema: { tags, body: cardListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listCards(tx, req.actor!, req.body.studentId, ctx)));
  });

  for (const path of ['/addToCard', '/addCustomerPayment']) {
    app.post(path, { schema: { tags, body: addCardBody } }, async (req, reply) => {
      await checkCardAddAllowed(app.services.rateLimits, req.actor!.accountableId);
      return ok(reply, await req.tx((tx) => addCard(tx, req.actor!, req.body, ctx)), M.cardAdded);
    });
  }

  app.delete('/removeCard', { schema: { tags, body: cardIdBody } }, async (req, reply) => {
    const result = await req.tx((tx) => removeCard(tx, req.actor!, byCardId(req.body.cardId), ctx));
    return ok(reply, result, removedMessage(result));
  });

  app.post('/updateCustomerPaymentProfile', { schema: { tags, body: setDefaultCardBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => setDefaultCard(tx, req.actor!, req.body.cardId, ctx.now())), M.cardDefault);
  });

  app.get('/getCustomerPaymentProfile/:customerProfileId/:customerPaymentProfileId', { schema: { tags, params: paymentProfileParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => cardByProfile(tx, req.actor!, req.params, ctx.now())));
  });

  app.delete('/delCustomerPaymentProfile', { schema: { tags, body: paymentProfileBody } }, async (req, reply) => {
    const result = await req.tx((tx) => removeCard(tx, req.actor!, byProfileIds(req.body), ctx));
    return ok(reply, result, removedMessage(result));
  });
};
