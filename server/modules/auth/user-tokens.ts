import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { userTokens } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/**
 * A single-use emailed link ('reset' sets a password, 'verify' proves an address); only its hash is
 * kept. Only the newest link of a purpose works: the ones sent before it die (decision 018).
 */
export async function issueUserToken(tx: Tx, userId: string, purpose: 'reset' | 'verify', lifetimeMs: number): Promise<string> {
  await revokeUserTokens(tx, userId, purpose);
  const token = newToken();
  await tx.insert(userTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

/** Ends every unused link of this purpose: a new one was sent, or one was just used. */
export async function revokeUserTokens(tx: Tx, userId: string, purpose: 'reset' | 'verify'): Promise<void> {
  await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
