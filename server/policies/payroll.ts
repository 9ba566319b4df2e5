import type { Actor } from '../lib/actor.js';
import { hasPayrollRight } from '../../shared/permissions.js';

/**
 * Payroll (issue 15, docs/domains/reports-and-payroll.md "Who may do what"): the school's admin; a sub-admin only when their account has
 * allow_payroll_report. The server refuses every payroll call otherwise (403), not only the menu.
 * Nobody else (teachers included: their own pay is the office's business here) has payroll.
 * Teachers' pay rates follow the same right on every screen and export (issue 26).
 */
export type PayrollActor = Pick<Actor, 'role' | 'adminId'> & { user: Pick<Actor['user'], 'allowPayrollReport'> };

export function mayRunPayroll(actor: PayrollActor): boolean {
  if (actor.adminId === null) return false;
  return hasPayrollRight({ role: actor.role, allowPayrollReport: actor.user.allowPayrollReport });
}
