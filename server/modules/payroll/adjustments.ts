import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { payrollAdjustments, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, notFound } from '../../lib/http-errors.js';
import { PAYROLL_MESSAGES as M, type adjustmentBody } from '../../../shared/contracts/payroll.js';
import { assertPayroll, lockGeneratedPayroll } from './payroll-guard.js';
import { payrollDetail } from './payroll-detail.js';

/** A bonus or deduction for one of the school's teachers, on a payroll still generated. */
export async function addAdjustment(tx: Tx, actor: Actor, form: z.output<typeof adjustmentBody>) {
  const adminId = assertPayroll(actor);
  await lockGeneratedPayroll(tx, adminId, form.payrollId);
  const [teacher] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.id, form.teacherId), eq(users.adminId, adminId), eq(users.role, 'teacher')));
  if (!teacher) throw fieldError('teacherId', M.teacherNotFound);
  await tx.insert(payrollAdjustments).values({
    adminId, payrollId: form.payrollId, teacherId: form.teacherId, kind: form.kind, amountCents: form.amount, reason: form.reason, createdBy: actor.id,
  });
  return payrollDetail(tx, actor, form.payrollId);
}

export async function deleteAdjustment(tx: Tx, actor: Actor, id: string) {
  const adminId = assertPayroll(actor);
  const [row] = await tx.select({ payrollId: payrollAdjustments.payrollId }).from(payrollAdjustments)
    .where(and(eq(payrollAdjustments.id, id), eq(payrollAdjustments.adminId, adminId)));
  if (!row) throw notFound(M.adjustmentNotFound);
  await lockGeneratedPayroll(tx, adminId, row.payrollId);
  await tx.delete(payrollAdjustments).where(eq(payrollAdjustments.id, id));
  return payrollDetail(tx, actor, row.payrollId);
}
