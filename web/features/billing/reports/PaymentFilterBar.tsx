import { Select } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../shared/contracts/billing';
import {
  PAYMENT_REPORT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentMethod, type PaymentReportFilters, type PaymentReportStatus,
} from '../../../../shared/contracts/billing-reports';
import { ListFilters } from '../../../components/ListFilters';
import { DateRangeFilter, PersonFilter } from '../../../components/ReportFilterFields';
import { searchPeople } from '../../members';
import { pickerKey, searchSchools } from './api';

const METHOD_OPTIONS = [{ value: 'all', label: 'All' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))];
const STATUS_OPTIONS = [{ value: 'all', label: 'All' }, ...PAYMENT_REPORT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))];
const searchStudents = (text: string) => searchPeople('student', text);

type Props = {
  filters: PaymentReportFilters;
  onChange: (next: Partial<PaymentReportFilters>) => void;
  errors: Partial<Record<'from' | 'to', string>>;
  /** Which pickers the role has: the superadmin the school, staff, teachers and parents the student. */
  pickers: { school: boolean; student: boolean };
  studentLabel: string;
  filtered: boolean;
  onClear: () => void;
};

export function PaymentFilterBar({ filters, onChange, errors, pickers, studentLabel, filtered, onClear }: Props) {
  return (
    <ListFilters filtered={filtered} onClear={onClear} clearLabel="Reset filters">
      <DateRangeFilter range={filters} errors={errors} onChange={onChange} />
      {pickers.school && (
        <PersonFilter label="School" everyone="All schools" value={filters.adminId} onChange={(adminId) => onChange({ adminId })} queryKey={pickerKey('school')} search={searchSchools} />
      )}
      {pickers.student && (
        <PersonFilter
          label={studentLabel}
          everyone={studentLabel === 'Child' ? 'All children' : 'All students'}
          value={filters.studentId}
          onChange={(studentId) => onChange({ studentId })}
          queryKey={pickerKey('student')}
          search={searchStudents}
        />
      )}
      <Select
        label="Method"
        data={METHOD_OPTIONS}
        value={filters.method ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ method: value && value !== 'all' ? (value as PaymentMethod) : undefined })}
        w={{ base: '100%', sm: 140 }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ status: value && value !== 'all' ? (value as PaymentReportStatus) : undefined })}
        w={{ base: '100%', sm: 160 }}
      />
    </ListFilters>
  );
}
