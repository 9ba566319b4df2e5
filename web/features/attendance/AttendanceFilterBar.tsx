import type { AttendanceFilters } from '../../../shared/contracts/attendance';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES } from '../../../shared/contracts/scheduling';
import { ChoiceFilter, PersonFilter, ReportFilters, StudentFilter, type ReportFilterState } from '../../components/ReportFilterFields';
import { searchPeople } from '../../components/peopleSearch';
import { peopleKey } from './api';

const searchTeachers = (text: string) => searchPeople('teacher', text);
const searchStudents = (text: string) => searchPeople('student', text);

type Props = {
  state: ReportFilterState<AttendanceFilters>;
  /** Which pickers the role has: staff both, a teacher and a parent the student, a student none. */
  pickers: { teacher: boolean; student: boolean };
  studentLabel: 'Student' | 'Child';
};

export function AttendanceFilterBar({ state, pickers, studentLabel }: Props) {
  const { filters, change } = state;
  return (
    <ReportFilters state={state}>
      {pickers.teacher && (
        <PersonFilter label="Teacher" everyone="All teachers" value={filters.teacherId} onChange={(teacherId) => change({ teacherId })} queryKey={peopleKey('teacher')} search={searchTeachers} />
      )}
      {pickers.student && (
        <StudentFilter label={studentLabel} value={filters.studentId} onChange={(studentId) => change({ studentId })} queryKey={peopleKey('student')} search={searchStudents} />
      )}
      <ChoiceFilter label="Status" choices={ATTENDANCE_STATUSES} labels={ATTENDANCE_LABELS} value={filters.status} onChange={(status) => change({ status })} width={210} />
    </ReportFilters>
  );
}
