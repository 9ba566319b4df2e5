import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../shared/contracts/billing';
import { PAYMENT_REPORT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentReportFilters } from '../../../../shared/contracts/billing-reports';
import { ChoiceFilter, PersonFilter, ReportFilters, StudentFilter, type ReportFilterState } from '../../../components/ReportFilterFields';
import { searchPeople } from '../../../components/peopleSearch';
import { pickerKey, searchSchools } from './api';

const searchStudents = (text: string) => searchPeople('student', text);

type Props = {
  state: ReportFilterState<PaymentReportFilters>;
  /** Which pickers the role has: the superadmin the school, staff, teachers and parents the student. */
  pickers: { school: boolean; student: boolean };
  studentLabel: 'Student' | 'Child';
};

export function PaymentFilterBar({ state, pickers, studentLabel }: Props) {
  const { filters, change } = state;
  return (
    <ReportFilters state={state}>
      {pickers.school && (
        <PersonFilter label="School" everyone="All schools" value={filters.adminId} onChange={(adminId) => change({ adminId })} queryKey={pickerKey('school')} search={searchSchools} />
      )}
      {pickers.student && (
        <StudentFilter label={studentLabel} value={filters.studentId} onChange={(studentId) => change({ studentId })} queryKey={pickerKey('student')} search={searchStudents} />
      )}
      <ChoiceFilter label="Method" choices={PAYMENT_METHODS} labels={PAYMENT_METHOD_LABELS} value={filters.method} onChange={(method) => change({ method })} width={140} />
      <ChoiceFilter label="Status" choices={PAYMENT_REPORT_STATUSES} labels={PAYMENT_STATUS_LABELS} value={filters.status} onChange={(status) => change({ status })} width={160} />
    </ReportFilters>
  );
}
