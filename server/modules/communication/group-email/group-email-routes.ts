import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMUNICATION_MESSAGES as M, COMMUNICATION_ROUTES as R } from '../../../../shared/contracts/communication.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { unsubscribeKeyOf } from '../unsubscribe/unsubscribe-token.js';
import { getMassEmail, listMassEmails } from './list-mass-emails.js';
import { previewMassEmail, sendTestEmail } from './preview-mass-email.js';
import { countRecipients, sendMassEmail } from './send-mass-email.js';

/** Group email (/email), under /api/massEmail: the school's admin and sub-admins. */
export const groupEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ appUrl: app.services.config.appUrl, unsubscribeKey: unsubscribeKeyOf(app.services.config) });

  contractRoute(app, R.countRecipients, (req) => req.tx((tx) => countRecipients(tx, req.actor!, req.body)));

  contractRoute(app, R.previewMassEmail, (req) => req.tx((tx) => previewMassEmail(tx, req.actor!, req.body, ctx())));

  contractRoute(app, R.sendTestEmail, async (req) => {
    const sent = await req.tx((tx) => sendTestEmail(tx, req.actor!, req.body, ctx()));
    return answer(sent, M.testSent(sent.to));
  });

  contractRoute(app, R.sendMassEmail, async (req) => answer(await req.tx((tx) => sendMassEmail(tx, req.actor!, req.body, ctx())), M.mailSent));

  contractRoute(app, R.massEmailList, (req) => req.tx((tx) => listMassEmails(tx, req.actor!, req.body)));

  contractRoute(app, R.massEmail, (req) => req.tx((tx) => getMassEmail(tx, req.actor!, req.body.id)));
};
