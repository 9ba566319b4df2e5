/** The payroll feature's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const payrollPages = {
  PayrollPage: () => import('./PayrollPage'),
  ApprovedPayrollPage: () => import('./ApprovedPayrollPage'),
  PayrollReportPage: () => import('./PayrollReportPage'),
};
