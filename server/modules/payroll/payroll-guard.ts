import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payrolls } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { mayRunPayroll } from '../../policies/payroll.js';
import { PAYROLL_MESSAGES as M } from '../../../shared/contracts/payroll.js';

/** Every payroll call starts here: the school's id, or 403 for anyone the policy refuses. */
export function assertPayroll(actor: Actor): string {
  if (!mayRunPayroll(actor)) throw forbidden();
  return actor.adminId!;
}

/** The school's payroll, locked for the change to come (another school's: 404). */
export async function lockPayroll(tx: Tx, adminId: string, id: string) {
  const [row] = await tx.select().from(payrolls).where(and(eq(payrolls.id, id), eq(payrolls.adminId, adminId))).for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

/** A payroll that may still change: generated, not approved. */
export async function lockGeneratedPayroll(tx: Tx, adminId: string, id: string) {
  const row = await lockPayroll(tx, adminId, id);
  if (row.status !== 'generated') throw conflict(M.locked);
  return row;
}
