import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { schoolPlanBookings, schoolPlanCharges } from '../../db/schema/index.js';
import { chargeKind, CHARGE_ONCE, reconcileKinds, staleBefore, type ChargeKind } from '../../services/payments/charge-once.js';
import type { PaymentGateway } from '../../services/payments/gateway.js';
import { planInvoiceNumber, type ChargeRow } from './period-charge.js';
import { providerGateway, type PlanServices } from './provider-gateway.js';
import { finishFirstPeriod } from './first-period.js';
import { finishRenewal } from './renew-plans.js';

const NOT_MADE = 'No charge was made: the payment processor has no record of this payment.';

type Due = { charge: ChargeRow; renewsOn: string | null; periodStartsOn: string | null; customerProfileId: string | null; customerPaymentProfileId: string | null };

/**
 * Plan periods whose gateway answer was lost (a timeout, a process that died before step C), as a
 * kind of the one reconciliation job (services/payments/charge-once.ts, decision 070): each is
 * looked up with `findCharge` by its key and recorded as the gateway knows it. The callback: a
 * renewal moves the booking on or counts a failure as a declined renewal would; a first period
 * (Book Plan, self-registration) starts the plan or is undone as a decline at booking time is
 * (decision 035). Several nodes at once record each once: the outcome's update is conditional.
 */
export function planChargeKind(db: Database, services: PlanServices): ChargeKind {
  // The provider's one gateway, read once a run (each run begins with staleRows) and only when something is due.
  let provider: Promise<PaymentGateway> | undefined;
  const gateway = () => (provider ??= providerGateway(db, services));
  const staleRows = (now: Date): Promise<Due[]> => {
    provider = undefined;
    return db.transaction({ kind: 'all' }, (tx) => tx.select({
    charge: schoolPlanCharges, renewsOn: schoolPlanBookings.renewsOn, periodStartsOn: schoolPlanBookings.periodStartsOn,
    customerProfileId: schoolPlanBookings.customerProfileId, customerPaymentProfileId: schoolPlanBookings.customerPaymentProfileId,
  })
    .from(schoolPlanCharges).innerJoin(schoolPlanBookings, eq(schoolPlanBookings.id, schoolPlanCharges.bookingId))
    .where(and(eq(schoolPlanCharges.status, 'pending'), lt(schoolPlanCharges.createdAt, staleBefore(now))))
    .orderBy(asc(schoolPlanCharges.createdAt)).limit(CHARGE_ONCE.reconcileBatch));
  };
  const renewal = (row: Due) => row.charge.periodStartsOn === row.renewsOn;
  // Anything else is a period the booking has moved past, which no later step will settle.
  const firstPeriod = (row: Due) => !renewal(row) && row.charge.periodStartsOn === row.periodStartsOn;
  return chargeKind<Due>({
    name: 'school-plan',
    staleRows,
    gatewayOf: async (row) => (renewal(row) || firstPeriod(row) ? gateway() : null),
    // No account to have changed (the provider's one gateway): no chargedThrough.
    refsOf: ({ charge }) => ({ idempotencyKey: charge.idempotencyKey, invoiceNumber: planInvoiceNumber(charge), since: charge.createdAt }),
    settle: async (row, lost, now) => {
      const { charge, customerProfileId, customerPaymentProfileId } = row;
      // Given up, or never made: a decline.
      const outcome = (lost.kind === 'known' ? lost.result : null) ?? { approved: false, transactionId: '', responseCode: '3', message: NOT_MADE };
      // The provider is told of a renewal's failure and of a late-paid new school: every school's scope.
      const done = renewal(row)
        ? await db.transaction({ kind: 'all' }, (tx) => finishRenewal(tx, charge, outcome, services.config.appUrl, now))
        : await db.transaction({ kind: 'all' }, (tx) => finishFirstPeriod(tx, charge, outcome, { appUrl: services.config.appUrl, now }));
      // An undone booking keeps no card with the provider, as a decline at booking time keeps none.
      if (done === 'undone' && customerProfileId && customerPaymentProfileId) {
        await (await gateway()).deletePaymentProfile({ customerProfileId, customerPaymentProfileId }).catch(() => undefined);
      }
      return done !== 'waiting';
    },
  });
}

/** The plan kind alone, as the one job runs it (its tests ask it at a given time). */
export async function reconcilePlanCharges(db: Database, services: PlanServices, now = new Date()): Promise<{ settled: number; waiting: number }> {
  return (await reconcileKinds([planChargeKind(db, services)], now))['school-plan'];
}
