import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payrollLines, payrolls, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError } from '../../lib/http-errors.js';
import { PAYROLL_MESSAGES as M, type GeneratePayrollForm } from '../../../shared/contracts/payroll.js';
import { assertPayroll, lockGeneratedPayroll } from './payroll-guard.js';
import { loadPayrollRules } from './payroll-settings.js';
import { insertPayrollLinesSql } from './payable-lessons.js';
import { payrollDetail } from './payroll-detail.js';
import { recordPayrollActivity } from './payroll-activity.js';

type Form = Required<Pick<GeneratePayrollForm, 'from' | 'to'>> & { teacherIds: string[] };

async function assertTeachersOfSchool(tx: Tx, adminId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: users.id }).from(users)
    .where(and(inArray(users.id, ids), eq(users.adminId, adminId), eq(users.role, 'teacher')));
  if (found.length !== new Set(ids).size) throw fieldError('teacherIds', M.teacherNotFound);
}

/** Counts the payroll's period from the calendar and attendance into its lines (they must be empty). */
export async function countIntoPayroll(tx: Tx, adminId: string, payroll: { id: string; periodFrom: string; periodTo: string; teacherIds: string[] }) {
  const rules = await loadPayrollRules(tx, adminId);
  await tx.execute(insertPayrollLinesSql(payroll.id, {
    adminId, from: payroll.periodFrom, to: payroll.periodTo, teacherIds: payroll.teacherIds, ...rules,
  }));
}

export async function generatePayroll(tx: Tx, actor: Actor, form: Form) {
  const adminId = assertPayroll(actor);
  const teacherIds = [...new Set(form.teacherIds)];
  await assertTeachersOfSchool(tx, adminId, teacherIds);
  const [made] = await tx.insert(payrolls).values({ adminId, periodFrom: form.from, periodTo: form.to, teacherIds, createdBy: actor.id }).returning();
  await countIntoPayroll(tx, adminId, made!);
  await recordPayrollActivity(tx, actor, 'payroll.generated', made!);
  return payrollDetail(tx, actor, made!.id);
}

/** Counted again from today's calendar, attendance and rates; the adjustments stay. */
export async function regeneratePayroll(tx: Tx, actor: Actor, id: string) {
  const adminId = assertPayroll(actor);
  const payroll = await lockGeneratedPayroll(tx, adminId, id);
  await tx.delete(payrollLines).where(eq(payrollLines.payrollId, id));
  await countIntoPayroll(tx, adminId, payroll);
  return payrollDetail(tx, actor, id);
}
