import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communicationIdBody, communicationLogBody } from '../../../../shared/contracts/communication.js';
import { ok } from '../../../lib/envelope.js';
import { getCommunication, listCommunication } from './list-communication.js';

const tags = ['communication log'];

/** The communication log (/reporting/communication-log), under /api/reporting. */
export const communicationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth('admin', 'subadmin', 'teacher', 'student', 'parent'));

  app.post('/getCommunicationLog', { schema: { tags, body: communicationLogBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listCommunication(tx, req.actor!, req.body)));
  });

  app.post('/getCommunication', { schema: { tags, body: communicationIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getCommunication(tx, req.actor!, req.body.id)));
  });
};
