import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { BILLING_SETTINGS_MESSAGES, billingSettingsForm } from '../../../../shared/contracts/billing-settings.js';
import { getBillingSettings, saveBillingSettings } from './billing-settings.js';
import { SCHOOL_STAFF_ROLES } from '../../../../shared/roles.js';

const tags = ['billing settings'];

/** GET and POST /api/billing/settings: the admin reads and saves, a sub-admin reads (policies/billing-settings.ts). */
export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth(...SCHOOL_STAFF_ROLES));

  app.get('/settings', { schema: { tags } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getBillingSettings(tx, req.actor!)));
  });

  app.post('/settings', { schema: { tags, body: billingSettingsForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => saveBillingSettings(tx, req.actor!, req.body)), BILLING_SETTINGS_MESSAGES.saved);
  });
};
