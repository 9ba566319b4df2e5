import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { BILLING_SETTINGS_MESSAGES, BILLING_SETTINGS_ROUTES as R } from '../../../../shared/contracts/billing-settings.js';
import { getBillingSettings, saveBillingSettings } from './billing-settings.js';

/** GET and POST /api/billing/settings: the admin reads and saves, a sub-admin reads (policies/billing-settings.ts). */
export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.get, (req) => req.tx((tx) => getBillingSettings(tx, req.actor!)));

  contractRoute(app, R.save, async (req) => answer(await req.tx((tx) => saveBillingSettings(tx, req.actor!, req.body)), BILLING_SETTINGS_MESSAGES.saved));
};
