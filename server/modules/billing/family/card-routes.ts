import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { FAMILY_MESSAGES as M, FAMILY_BILLING_ROUTES as R } from '../../../../shared/contracts/billing-family.js';
import { familyContextOf } from './family-context.js';
import { checkCardAddAllowed } from './limits.js';
import { addCard, byCardId, byProfileIds, cardByProfile, listCards, removeCard, setDefaultCard, type RemoveResult } from './saved-cards.js';

const removedMessage = (r: RemoveResult) => (r.autopayStopped ? `${M.cardRemoved}. ${M.autopayOffNoCard}` : M.cardRemoved);

/**
 * Saved cards under /api/studentBilling (docs/domains/billing.md "Data and calls"): cardList, addToCard, removeCard and the
 * customer payment profile calls. addCustomerPayment, getCustomerPaymentProfile and
 * delCustomerPaymentProfile are the same services named as Authorize.Net names them (a card by
 * its customerProfileId and customerPaymentProfileId); updateCustomerPaymentProfile makes a card
 * the default. Who may is the billing-family policy: a card is its owner's, staff read.
 */
export const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = familyContextOf(app.services);

  contractRoute(app, R.cardList, (req) => req.tx((tx) => listCards(tx, req.actor!, req.body.studentId, ctx)));

  for (const contract of [R.addCard, R.addCustomerPayment]) {
    contractRoute(app, contract, async (req) => {
      await checkCardAddAllowed(app.services.rateLimits, req.actor!.accountableId);
      return answer(await req.tx((tx) => addCard(tx, req.actor!, req.body, ctx)), M.cardAdded);
    });
  }

  contractRoute(app, R.removeCard, async (req) => {
    const result = await req.tx((tx) => removeCard(tx, req.actor!, byCardId(req.body.cardId), ctx));
    return answer(result, removedMessage(result));
  });

  contractRoute(app, R.makeDefaultCard, async (req) => answer(await req.tx((tx) => setDefaultCard(tx, req.actor!, req.body.cardId, ctx.now())), M.cardDefault));

  contractRoute(app, R.cardByProfile, (req) => req.tx((tx) => cardByProfile(tx, req.actor!, req.params, ctx.now())));

  contractRoute(app, R.removeCardByProfile, async (req) => {
    const result = await req.tx((tx) => removeCard(tx, req.actor!, byProfileIds(req.body), ctx));
    return answer(result, removedMessage(result));
  });
};
