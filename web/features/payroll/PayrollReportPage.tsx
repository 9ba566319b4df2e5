import { ApprovedPayrollReport } from './ApprovedPayrollReport';

/** /reporting/payrollReport: the approved payroll report, its CSV and the payslips. */
export default function PayrollReportPage() {
  return <ApprovedPayrollReport title="Payroll Report" subtitle="What each teacher was paid, from approved payrolls. Export it as CSV or print a payslip." />;
}
