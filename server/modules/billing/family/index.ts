/**
 * Families pay (issue 11): the public pay page, Payment / Billing, saved cards and autopay. The
 * billing module's entry registers these; nothing outside billing imports this folder.
 */
import type { ModuleRoutes } from '../../../lib/module-definition.js';
import { savedCardRoutes } from './card-routes.js';
import { payPageRoutes } from './pay-page-routes.js';
import { paymentBillingRoutes, paymentMethodRoutes } from './payment-billing-routes.js';

export const familyRoutes: ModuleRoutes[] = [
  { plugin: payPageRoutes, prefix: '/invoice' },
  { plugin: paymentBillingRoutes, prefix: '/paymentbilling' },
  { plugin: paymentMethodRoutes, prefix: '/paymentMethod' },
  { plugin: savedCardRoutes, prefix: '/studentBilling' },
];
