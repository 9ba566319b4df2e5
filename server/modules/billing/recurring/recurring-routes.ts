import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { RECURRING_MESSAGES, RECURRING_ROUTES as R } from '../../../../shared/contracts/billing-recurring.js';
import { createRecurring, listRecurring, removeRecurring, setRecurringActive, updateRecurring } from './recurring-service.js';

/** /api/recurringInvoices: the office's recurring invoices (policies/billing-recurring.ts). */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listRecurring(tx, req.actor!, req.body)));

  contractRoute(app, R.create, async (req) => answer(await req.tx((tx) => createRecurring(tx, req.actor!, req.body)), RECURRING_MESSAGES.created));

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updateRecurring(tx, req.actor!, req.body)), RECURRING_MESSAGES.updated));

  contractRoute(app, R.setActive, async (req) => {
    const item = await req.tx((tx) => setRecurringActive(tx, req.actor!, req.body.id, req.body.active));
    return answer(item, req.body.active ? RECURRING_MESSAGES.resumed : RECURRING_MESSAGES.paused);
  });

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeRecurring(tx, req.actor!, req.body.id));
    return answer(null, RECURRING_MESSAGES.removed);
  });
};
