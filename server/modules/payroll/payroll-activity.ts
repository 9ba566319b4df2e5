import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { recordActivity } from '../activities/index.js';

type PayrollAction = 'payroll.generated' | 'payroll.approved' | 'payroll.deleted';

/** A line in Recent Activities naming the payroll by its period ("2026-10-01 – 2026-10-31"). */
export async function recordPayrollActivity(tx: Tx, actor: Actor, action: PayrollAction, payroll: { id: string; adminId: string; periodFrom: string; periodTo: string }) {
  await recordActivity(tx, {
    adminId: payroll.adminId, actorId: actor.accountableId, ip: actor.ip, action,
    meta: { name: `${payroll.periodFrom} – ${payroll.periodTo}`, payrollId: payroll.id },
  });
}
