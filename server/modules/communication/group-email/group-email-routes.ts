import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMUNICATION_MESSAGES as M, audienceBody, massEmailIdBody, massEmailListBody, sendMassEmailBody,
} from '../../../../shared/contracts/communication.js';
import { ok } from '../../../lib/envelope.js';
import { unsubscribeKeyOf } from '../unsubscribe/unsubscribe-token.js';
import { getMassEmail, listMassEmails } from './list-mass-emails.js';
import { countRecipients, sendMassEmail } from './send-mass-email.js';
import { SCHOOL_STAFF_ROLES } from '../../../../shared/roles.js';

const tags = ['group email'];

/** Group email (/email), under /api/massEmail: the school's admin and sub-admins. */
export const groupEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth(...SCHOOL_STAFF_ROLES));
  const ctx = () => ({ appUrl: app.services.config.appUrl, unsubscribeKey: unsubscribeKeyOf(app.services.config) });

  app.post('/countRecipients', { schema: { tags, body: audienceBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => countRecipients(tx, req.actor!, req.body)));
  });

  app.post('/sendMassEmail', { schema: { tags, body: sendMassEmailBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => sendMassEmail(tx, req.actor!, req.body, ctx())), M.mailSent);
  });

  app.post('/getMassEmailList', { schema: { tags, body: massEmailListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listMassEmails(tx, req.actor!, req.body)));
  });

  app.post('/getMassEmail', { schema: { tags, body: massEmailIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getMassEmail(tx, req.actor!, req.body.id)));
  });
};
