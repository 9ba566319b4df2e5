import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { merchantAccounts } from '../../db/schema/index.js';
import { secretBoxOf, type SecretBox } from '../../lib/secret-box.js';
import { AUTHORIZENET_URLS, createAuthorizeNetGateway } from './authorizenet-gateway.js';
import type { PaymentGateway } from './gateway.js';
import { createSandboxGateway } from './sandbox-gateway.js';

export type GatewaySettings = {
  /** Replaces both of Authorize.Net's URLs (AUTHORIZENET_API_URL: a test server). */
  apiUrl?: string;
  timeoutMs?: number;
};

/**
 * The one test-mode rule: money is real only through an Authorize.Net account in production.
 * No account, the sandbox gateway, or Authorize.Net's sandbox environment is test mode.
 */
export const merchantTestMode = (account: { gateway: string | null; environment: string | null } | undefined) =>
  !(account?.gateway === 'authorizenet' && account.environment === 'production');

/**
 * The gateway a school's money goes through (decision 030): its merchant account's, with the
 * keys opened from their sealed form; the in-process sandbox when the school has no account or
 * chose the sandbox. An Authorize.Net account in its 'sandbox' environment is test mode too.
 * Read inside the school's transaction (row-level security), so a school never gets another's keys.
 */
export async function gatewayForSchool(tx: Tx, adminId: string, box: SecretBox, settings: GatewaySettings = {}): Promise<PaymentGateway> {
  const [account] = await tx.select().from(merchantAccounts).where(eq(merchantAccounts.adminId, adminId)).limit(1);
  if (!account || account.gateway !== 'authorizenet') return createSandboxGateway();
  const environment = merchantTestMode(account) ? 'sandbox' : 'production';
  return createAuthorizeNetGateway({
    apiUrl: settings.apiUrl ?? AUTHORIZENET_URLS[environment],
    apiLoginId: box.open(account.apiLoginIdEncrypted),
    transactionKey: box.open(account.transactionKeyEncrypted),
    testMode: environment === 'sandbox',
    timeoutMs: settings.timeoutMs,
  });
}

/** How a service finds a school's gateway; tests hand in their own (a counting or failing one). */
export type GatewayFor = (tx: Tx, adminId: string) => Promise<PaymentGateway>;

/** The app's way: the merchant account row, the configuration's secret box and gateway URL. */
export function gatewaysOf(config: Config): GatewayFor {
  return (tx, adminId) => gatewayForSchool(tx, adminId, secretBoxOf(config), { apiUrl: config.authorizeNetApiUrl });
}
