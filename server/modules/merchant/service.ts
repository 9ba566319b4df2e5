import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { merchantAccounts, schools, users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { recordActivity } from '../activities/index.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { decideMerchant } from '../../policies/merchant.js';
import type { Actor } from '../../lib/actor.js';
import { MERCHANT_MESSAGES, merchantFormFor, type merchantSaveBody } from '../../../shared/contracts/merchant.js';
import { presentMerchant } from './presenter.js';

type SaveInput = z.output<typeof merchantSaveBody>;

/** The school the actor may act on, which must exist (a removed school does not). */
async function schoolFor(tx: Tx, actor: Actor, requested: string | undefined): Promise<string> {
  const decision = decideMerchant(actor, requested);
  if (decision.kind === 'forbidden') throw forbidden();
  if (decision.kind === 'not-found') throw notFound(MERCHANT_MESSAGES.notFound);
  if (decision.kind === 'school-required') throw badRequest(MERCHANT_MESSAGES.schoolRequired, { adminId: MERCHANT_MESSAGES.schoolRequired });
  // The superadmin naming themself: the provider's own account, which schools' plans are paid to (issue 12).
  if (actor.role === 'superadmin' && decision.adminId === actor.id) return actor.id;
  const [school] = await tx.select({ id: schools.adminId }).from(schools).innerJoin(users, eq(users.id, schools.adminId))
    .where(and(eq(schools.adminId, decision.adminId), eq(users.role, 'admin'), isNull(schools.deletedAt))).limit(1);
  if (!school) throw notFound(MERCHANT_MESSAGES.notFound);
  return school.id;
}

async function findAccount(tx: Tx, adminId: string) {
  const [row] = await tx.select().from(merchantAccounts).where(eq(merchantAccounts.adminId, adminId)).limit(1);
  return row;
}

export async function getMerchant(tx: Tx, actor: Actor, requested: string | undefined) {
  return presentMerchant(await findAccount(tx, await schoolFor(tx, actor, requested)));
}

/**
 * Saves the account. The first save needs both keys; on a later one an empty key keeps the
 * stored one. Keys are sealed before they reach the database, and the activity names no secret.
 */
export async function saveMerchant(tx: Tx, actor: Actor, box: SecretBox, body: SaveInput) {
  const adminId = await schoolFor(tx, actor, body.adminId);
  const existing = await findAccount(tx, adminId);
  const parsed = merchantFormFor(Boolean(existing)).safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
    throw badRequest(Object.values(errors)[0]!, errors);
  }
  const f = parsed.data;
  const sealed = (value: string) => ({ encrypted: box.seal(value), last4: value.slice(-4) });
  const login = f.apiLoginId ? sealed(f.apiLoginId) : null;
  const key = f.transactionKey ? sealed(f.transactionKey) : null;
  const values = {
    gateway: f.gateway,
    environment: f.environment,
    publicClientKey: f.publicClientKey,
    updatedBy: actor.accountableId,
    updatedAt: new Date(),
    ...(login ? { apiLoginIdEncrypted: login.encrypted, apiLoginIdLast4: login.last4 } : {}),
    ...(key ? { transactionKeyEncrypted: key.encrypted, transactionKeyLast4: key.last4 } : {}),
  };
  // One statement: two first saves at once end as one row, the later one winning.
  await tx.insert(merchantAccounts).values({
    ...values, adminId,
    apiLoginIdEncrypted: login?.encrypted ?? existing!.apiLoginIdEncrypted, apiLoginIdLast4: login?.last4 ?? existing!.apiLoginIdLast4,
    transactionKeyEncrypted: key?.encrypted ?? existing!.transactionKeyEncrypted, transactionKeyLast4: key?.last4 ?? existing!.transactionKeyLast4,
  }).onConflictDoUpdate({ target: merchantAccounts.adminId, set: values });
  await recordActivity(tx, {
    adminId, actorId: actor.accountableId, action: 'merchant.saved', ip: actor.ip,
    meta: { gateway: f.gateway, environment: f.environment, apiLoginIdChanged: Boolean(login), transactionKeyChanged: Boolean(key) },
  });
  return presentMerchant(await findAccount(tx, adminId));
}
