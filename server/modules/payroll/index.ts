/**
 * The payroll module's one entry (issue 15): payrolls counted from the calendar and attendance at
 * the teachers' pay rates, adjustments, approval (a lesson paid once), the approved payroll report
 * with its CSV, and payslips (PDF). Admin; a sub-admin only with allow_payroll_report (policies/payroll.ts).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { payrollRoutes } from './routes.js';

export const payroll: ModuleDefinition = {
  name: 'payroll',
  routes: [{ plugin: payrollRoutes }],
};

/** The counting SQL, for the bench's bare baseline. */
export { payableLessonsSql, insertPayrollLinesSql } from './payable-lessons.js';
