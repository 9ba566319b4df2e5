import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schoolPlanBookings, schoolPlans } from '../../db/schema/index.js';
import { deleteAccount, updateAccount } from '../auth/index.js';
import { deleteSchoolRow, setSchoolPlanState } from '../schools/index.js';
import { settlePeriod, type ChargeRow } from './period-charge.js';
import { welcomeSettledSchool } from './welcome-new-school.js';

/**
 * What a new booking's first period decides (decision 035). Paid: the plan starts (its store on,
 * any lapse over) and a self-registered owner's account is turned on. Declined: nothing was
 * booked, so the booking goes, and with self-registration the school and its owner too.
 */
export async function keepFirstPeriod(tx: Tx, adminId: string, storeIncluded: boolean, selfRegistered: boolean) {
  if (selfRegistered) await updateAccount(tx, adminId, { status: true });
  await setSchoolPlanState(tx, adminId, { showStore: storeIncluded, planLapsedAt: null });
}

export async function undoFirstPeriod(tx: Tx, adminId: string, selfRegistered: boolean) {
  await tx.delete(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, adminId));
  if (!selfRegistered) return;
  await deleteSchoolRow(tx, adminId);
  await deleteAccount(tx, adminId);
}

/**
 * Step C for a first period whose answer comes late (the reconcile job), in every school's scope
 * (the provider is told of a new school). Only a booking made by self-registration takes its
 * school and owner with it when declined, and only it is welcomed when paid; an owner the
 * provider booked for existed before, and is never removed here.
 */
export async function finishFirstPeriod(
  tx: Tx, charge: ChargeRow, result: Parameters<typeof settlePeriod>[2], welcome: { appUrl: string; now: Date },
): Promise<'kept' | 'undone' | 'waiting'> {
  const [facts] = await tx.select({ selfRegistered: schoolPlanBookings.selfRegistered, storeIncluded: schoolPlans.storeIncluded })
    .from(schoolPlanBookings)
    .innerJoin(schoolPlans, eq(schoolPlans.id, schoolPlanBookings.planId))
    .where(eq(schoolPlanBookings.id, charge.bookingId)).for('update', { of: schoolPlanBookings }).limit(1);
  const settled = facts ? await settlePeriod(tx, charge, result) : null;
  if (!facts || !settled) return 'waiting';
  const { selfRegistered } = facts;
  if (result.approved) {
    await keepFirstPeriod(tx, charge.adminId, facts.storeIncluded, selfRegistered);
    // The registration answered "payment pending" and sent nothing: the first day starts now.
    if (selfRegistered) await welcomeSettledSchool(tx, welcome.appUrl, settled, welcome.now);
    return 'kept';
  }
  await undoFirstPeriod(tx, charge.adminId, selfRegistered);
  return 'undone';
}
