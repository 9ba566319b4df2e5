import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payrollSettings, schedulingSettings, schools } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { PayrollSettings } from '../../../shared/contracts/payroll.js';
import { assertPayroll } from './payroll-guard.js';
import { schoolZoneOf } from '../../lib/school-clock.js';

/** The school's payroll rules (defaults until the office saves some) with its zone and notice window. */
export async function loadPayrollRules(tx: Tx, adminId: string) {
  const [row] = await tx.select({ noticeHours: schedulingSettings.noticeHours, payNoShows: payrollSettings.payNoShows, payLateCancellations: payrollSettings.payLateCancellations })
    .from(schools)
    .leftJoin(schedulingSettings, eq(schedulingSettings.adminId, schools.adminId))
    .leftJoin(payrollSettings, eq(payrollSettings.adminId, schools.adminId))
    .where(eq(schools.adminId, adminId));
  return {
    timeZone: await schoolZoneOf(tx, adminId),
    // Scheduling's own default, for a school that never opened its scheduling set-up.
    noticeHours: row?.noticeHours ?? 24,
    payNoShows: row?.payNoShows ?? false,
    payLateCancellations: row?.payLateCancellations ?? false,
  };
}

export async function getPayrollSettings(tx: Tx, actor: Actor): Promise<PayrollSettings & { noticeHours: number }> {
  const adminId = assertPayroll(actor);
  const { payNoShows, payLateCancellations, noticeHours } = await loadPayrollRules(tx, adminId);
  return { payNoShows, payLateCancellations, noticeHours };
}

export async function savePayrollSettings(tx: Tx, actor: Actor, s: PayrollSettings) {
  const adminId = assertPayroll(actor);
  await tx.insert(payrollSettings).values({ adminId, ...s })
    .onConflictDoUpdate({ target: payrollSettings.adminId, set: s });
  return getPayrollSettings(tx, actor);
}
