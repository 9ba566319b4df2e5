import type { Tx } from '../../db/client.js';
import { userTokens } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** A single-use emailed link ('reset' sets a password, 'verify' proves an address); only its hash is kept. */
export async function issueUserToken(tx: Tx, userId: string, purpose: 'reset' | 'verify', lifetimeMs: number): Promise<string> {
  const token = newToken();
  await tx.insert(userTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}
