import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import {
  RECURRING_MESSAGES, recurringForm, recurringIdBody, recurringListBody, recurringSetActiveBody, recurringUpdateBody,
} from '../../../../shared/contracts/billing-recurring.js';
import { createRecurring, listRecurring, removeRecurring, setRecurringActive, updateRecurring } from './recurring-service.js';
import { SCHOOL_STAFF_ROLES } from '../../../../shared/roles.js';

const tags = ['recurring invoices'];

/** /api/recurringInvoices: the office's recurring invoices (policies/billing-recurring.ts). */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth(...SCHOOL_STAFF_ROLES));

  app.post('/list', { schema: { tags, body: recurringListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listRecurring(tx, req.actor!, req.body)));
  });

  app.post('/create', { schema: { tags, body: recurringForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => createRecurring(tx, req.actor!, req.body)), RECURRING_MESSAGES.created);
  });

  app.post('/update', { schema: { tags, body: recurringUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateRecurring(tx, req.actor!, req.body)), RECURRING_MESSAGES.updated);
  });

  app.post('/setActive', { schema: { tags, body: recurringSetActiveBody } }, async (req, reply) => {
    const item = await req.tx((tx) => setRecurringActive(tx, req.actor!, req.body.id, req.body.active));
    return ok(reply, item, req.body.active ? RECURRING_MESSAGES.resumed : RECURRING_MESSAGES.paused);
  });

  app.delete('/remove', { schema: { tags, body: recurringIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeRecurring(tx, req.actor!, req.body.id));
    return ok(reply, null, RECURRING_MESSAGES.removed);
  });
};
