import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMUNICATION_ROUTES as R } from '../../../../shared/contracts/communication.js';
import { contractRoute } from '../../../lib/contract-route.js';
import { getCommunication, listCommunication } from './list-communication.js';

/** The communication log (/reporting/communication-log), under /api/reporting. */
export const communicationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.communicationLog, (req) => req.tx((tx) => listCommunication(tx, req.actor!, req.body)));

  contractRoute(app, R.communication, (req) => req.tx((tx) => getCommunication(tx, req.actor!, req.body.id)));
};
