import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { mayManageSellers } from '../../policies/store.js';
import { setSchoolPlanState } from '../schools/index.js';

export type SchoolStore = { adminId: string; showStore: boolean };

/** Whether a school has the store: the superadmin's switch on the school's page. */
export async function getSchoolStore(tx: Tx, actor: Actor, adminId: string): Promise<SchoolStore> {
  if (!mayManageSellers(actor)) throw forbidden();
  const [row] = await tx.select({ adminId: schools.adminId, showStore: schools.showStore }).from(schools).where(eq(schools.adminId, adminId));
  if (!row) throw notFound('School not found');
  return row;
}

/**
 * The superadmin opens or closes a school's store. Booking or renewing a plan sets it again from
 * the plan (school-plans), so this is the provider's exception until then (decision 045).
 */
export async function setSchoolStore(tx: Tx, actor: Actor, adminId: string, showStore: boolean): Promise<SchoolStore> {
  await getSchoolStore(tx, actor, adminId);
  await setSchoolPlanState(tx, adminId, { showStore });
  return { adminId, showStore };
}
