import { Select } from '@mantine/core';
import type { AttendanceFilters } from '../../../shared/contracts/attendance';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus } from '../../../shared/contracts/scheduling';
import { ListFilters } from '../../components/ListFilters';
import { DateRangeFilter, PersonFilter } from '../../components/ReportFilterFields';
import { searchPeople } from '../members';
import { peopleKey } from './api';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...ATTENDANCE_STATUSES.map((status) => ({ value: status, label: ATTENDANCE_LABELS[status] })),
];

const searchTeachers = (text: string) => searchPeople('teacher', text);
const searchStudents = (text: string) => searchPeople('student', text);

type Props = {
  filters: AttendanceFilters;
  onChange: (next: Partial<AttendanceFilters>) => void;
  errors: Partial<Record<'from' | 'to', string>>;
  /** Which pickers the role has: staff both, a teacher and a parent the student, a student none. */
  pickers: { teacher: boolean; student: boolean };
  studentLabel: string;
  filtered: boolean;
  onClear: () => void;
};

export function AttendanceFilterBar({ filters, onChange, errors, pickers, studentLabel, filtered, onClear }: Props) {
  return (
    <ListFilters filtered={filtered} onClear={onClear} clearLabel="Reset filters">
      <DateRangeFilter range={filters} errors={errors} onChange={onChange} />
      {pickers.teacher && (
        <PersonFilter label="Teacher" everyone="All teachers" value={filters.teacherId} onChange={(teacherId) => onChange({ teacherId })} queryKey={peopleKey('teacher')} search={searchTeachers} />
      )}
      {pickers.student && (
        <PersonFilter
          label={studentLabel}
          everyone={studentLabel === 'Child' ? 'All children' : 'All students'}
          value={filters.studentId}
          onChange={(studentId) => onChange({ studentId })}
          queryKey={peopleKey('student')}
          search={searchStudents}
        />
      )}
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ status: value && value !== 'all' ? (value as AttendanceStatus) : undefined })}
        w={{ base: '100%', sm: 210 }}
      />
    </ListFilters>
  );
}
