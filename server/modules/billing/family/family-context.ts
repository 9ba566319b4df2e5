import type { AppServices } from '../../../context.js';
import { secretBoxOf, type SecretBox } from '../../../lib/secret-box.js';
import { gatewaysOf, type GatewayFor } from '../../../services/payments/gateway-for-school.js';

/**
 * What the family services need beyond a transaction: the school's gateway (tests hand in a
 * counting or failing one), the box that opens pay tokens for links, the app's address, a clock.
 */
export type FamilyContext = { gatewayFor: GatewayFor; box: SecretBox; appUrl: string; now: () => Date };

export function familyContextOf(services: Pick<AppServices, 'config'>): FamilyContext {
  return { gatewayFor: gatewaysOf(services.config), box: secretBoxOf(services.config), appUrl: services.config.appUrl, now: () => new Date() };
}

/** Where a family reads its invoices and cards (emails link here). */
export const paymentBillingUrl = (appUrl: string) => `${appUrl}/paymentBilling`;
