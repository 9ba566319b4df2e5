import { ApprovedPayrollReport } from './ApprovedPayrollReport';

/** /reporting/aproovedPayrolls (the product's spelling, docs/wording.md): approved payroll by period and teacher. */
export default function ApprovedPayrollPage() {
  return <ApprovedPayrollReport title="Approved Payroll" subtitle="Approved payrolls by period and teacher, with their totals." />;
}
