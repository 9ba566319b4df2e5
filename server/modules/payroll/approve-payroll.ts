import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payrollLessons, payrolls } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict } from '../../lib/http-errors.js';
import { PAYROLL_MESSAGES as M } from '../../../shared/contracts/payroll.js';
import { assertPayroll, lockGeneratedPayroll, lockPayroll } from './payroll-guard.js';
import { payrollDetail } from './payroll-detail.js';
import { recordPayrollActivity } from './payroll-activity.js';

const isPaidTwice = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: string; constraint?: string };
    if (c.code === '23505' && c.constraint === 'payroll_lessons_paid_once_idx') return true;
  }
  return false;
};

/**
 * Locks the payroll for good. The row lock makes a second approver wait and then find it approved
 * (409); marking its lessons paid meets the unique index if another payroll paid one meanwhile.
 */
export async function approvePayroll(tx: Tx, actor: Actor, id: string) {
  const adminId = assertPayroll(actor);
  const payroll = await lockPayroll(tx, adminId, id);
  if (payroll.status === 'approved') throw conflict(M.alreadyApproved);
  await tx.update(payrolls).set({ status: 'approved', approvedAt: new Date(), approvedBy: actor.id }).where(eq(payrolls.id, id));
  try {
    await tx.update(payrollLessons).set({ paid: true }).where(and(eq(payrollLessons.payrollId, id), eq(payrollLessons.adminId, adminId)));
  } catch (error) {
    if (isPaidTwice(error)) throw conflict(M.lessonPaid);
    throw error;
  }
  await recordPayrollActivity(tx, actor, 'payroll.approved', payroll);
  return payrollDetail(tx, actor, id);
}

/** A generated payroll goes with its figures and adjustments; an approved one stays. */
export async function deletePayroll(tx: Tx, actor: Actor, id: string) {
  const adminId = assertPayroll(actor);
  const payroll = await lockGeneratedPayroll(tx, adminId, id);
  await tx.delete(payrolls).where(eq(payrolls.id, id));
  await recordPayrollActivity(tx, actor, 'payroll.deleted', payroll);
}
