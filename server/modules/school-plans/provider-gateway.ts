import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { gatewaysOf, type GatewayFor } from '../../services/payments/gateway-for-school.js';
import type { PaymentGateway } from '../../services/payments/gateway.js';

/**
 * A school pays the provider, not itself: its plan is charged through the superadmin's merchant
 * account (the provider's own Authorize.Net keys, saved with /merchant/save naming the
 * superadmin), or the sandbox when the provider has none (decision 035).
 */
export type PlanServices = { config: Config; gatewayFor?: GatewayFor };

export async function providerGateway(db: Database, services: PlanServices): Promise<PaymentGateway> {
  const gatewayFor = services.gatewayFor ?? gatewaysOf(services.config);
  return db.transaction({ kind: 'all' }, async (tx) => {
    const [provider] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).orderBy(asc(users.createdAt)).limit(1);
    return gatewayFor(tx, provider?.id ?? '00000000-0000-4000-8000-000000000000');
  });
}

/** The day after a period of the plan: a month or a year on (the 31st becomes the month's last day). */
export function nextPeriodStart(startsOn: string, period: string): string {
  const start = DateTime.fromISO(startsOn, { zone: 'UTC' });
  return (period === 'yearly' ? start.plus({ years: 1 }) : start.plus({ months: 1 })).toISODate()!;
}

/** The card as the gateway takes it, from the payload's cardNo, expDate (YYYY-MM) and cardCode. */
export function cardOf(body: { cardNo?: string; expDate?: string; cardCode?: string }) {
  const [year, month] = (body.expDate ?? '').split('-');
  return { number: body.cardNo ?? '', expMonth: Number(month), expYear: Number(year), code: body.cardCode ?? '' };
}
