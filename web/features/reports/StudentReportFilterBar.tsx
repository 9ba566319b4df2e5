import { Select } from '@mantine/core';
import type { StudentReportFilters } from '../../../shared/contracts/reports';
import { ChoiceFilter, PersonFilter, ReportFilters, type ReportFilterState } from '../../components/ReportFilterFields';
import { useGenres } from '../../lib/genres';
import { searchPeople } from '../../components/peopleSearch';
import { teacherOptionsKey } from './api';

const STATUSES = ['active', 'inactive'] as const;
const STATUS_LABELS = { active: 'Active', inactive: 'Inactive' };

const searchTeachers = (text: string) => searchPeople('teacher', text);

type Props = {
  state: ReportFilterState<StudentReportFilters>;
  /** The office picks a teacher; a teacher is their own filter, a family has its own students. */
  teacherPicker: boolean;
};

export function StudentReportFilterBar({ state, teacherPicker }: Props) {
  const { filters, change } = state;
  const genres = useGenres();
  const instrumentOptions = [{ value: 'all', label: 'All instruments' }, ...(genres.data ?? []).map((g) => ({ value: g._id, label: g.name }))];
  return (
    <ReportFilters state={state}>
      {teacherPicker && (
        <PersonFilter label="Teacher" everyone="All teachers" value={filters.teacherId} onChange={(teacherId) => change({ teacherId })} queryKey={teacherOptionsKey} search={searchTeachers} />
      )}
      <Select
        label="Instrument"
        data={instrumentOptions}
        value={filters.genreId ?? 'all'}
        allowDeselect={false}
        searchable
        onChange={(value) => change({ genreId: value && value !== 'all' ? value : undefined })}
        w={{ base: '100%', sm: 200 }}
      />
      <ChoiceFilter label="Status" choices={STATUSES} labels={STATUS_LABELS} value={filters.status} onChange={(status) => change({ status })} width={150} />
    </ReportFilters>
  );
}
