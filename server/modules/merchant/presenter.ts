import { maskSecret, type MerchantInfo } from '../../../shared/contracts/merchant.js';
import type { merchantAccounts } from '../../db/schema/index.js';

type MerchantRow = typeof merchantAccounts.$inferSelect;

/** Only the last four characters of a secret ever leave the server. */
export function presentMerchant(row: MerchantRow | undefined): MerchantInfo {
  if (!row) {
    return { configured: false, gateway: null, environment: null, apiLoginIdMasked: null, transactionKeyMasked: null, publicClientKey: '', updatedAt: null };
  }
  return {
    configured: true,
    gateway: row.gateway as MerchantInfo['gateway'],
    environment: row.environment as MerchantInfo['environment'],
    apiLoginIdMasked: maskSecret(row.apiLoginIdLast4),
    transactionKeyMasked: maskSecret(row.transactionKeyLast4),
    publicClientKey: row.publicClientKey,
    updatedAt: row.updatedAt.toISOString(),
  };
}
