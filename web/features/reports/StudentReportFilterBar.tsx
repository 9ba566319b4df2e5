import { Select } from '@mantine/core';
import type { StudentReportFilters } from '../../../shared/contracts/reports';
import { ListFilters } from '../../components/ListFilters';
import { DateRangeFilter, PersonFilter } from '../../components/ReportFilterFields';
import { useGenres } from '../../lib/genres';
import { searchPeople } from '../members';
import { teacherOptionsKey } from './api';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const searchTeachers = (text: string) => searchPeople('teacher', text);

type Props = {
  filters: StudentReportFilters;
  onChange: (next: Partial<StudentReportFilters>) => void;
  errors: Partial<Record<'from' | 'to', string>>;
  /** The office picks a teacher; a teacher is their own filter, a family has its own students. */
  teacherPicker: boolean;
  filtered: boolean;
  onClear: () => void;
};

export function StudentReportFilterBar({ filters, onChange, errors, teacherPicker, filtered, onClear }: Props) {
  const genres = useGenres();
  const instrumentOptions = [{ value: 'all', label: 'All instruments' }, ...(genres.data ?? []).map((g) => ({ value: g._id, label: g.name }))];
  return (
    <ListFilters filtered={filtered} onClear={onClear} clearLabel="Reset filters">
      <DateRangeFilter range={filters} errors={errors} onChange={onChange} />
      {teacherPicker && (
        <PersonFilter label="Teacher" everyone="All teachers" value={filters.teacherId} onChange={(teacherId) => onChange({ teacherId })} queryKey={teacherOptionsKey} search={searchTeachers} />
      )}
      <Select
        label="Instrument"
        data={instrumentOptions}
        value={filters.genreId ?? 'all'}
        allowDeselect={false}
        searchable
        onChange={(value) => onChange({ genreId: value && value !== 'all' ? value : undefined })}
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ status: value === 'active' || value === 'inactive' ? value : undefined })}
        w={{ base: '100%', sm: 150 }}
      />
    </ListFilters>
  );
}
