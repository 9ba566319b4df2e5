import { Select } from '@mantine/core';
import { ListFilters } from '../../components/ListFilters';
import { PersonSelect } from '../../components/PersonSelect';
import { searchPeople } from '../../components/peopleSearch';
import { pickerKey, useRooms, type CalendarFilters as Filters } from './calendarApi';

const searchTeachers = (text: string) => searchPeople('teacher', text);
const searchStudents = (text: string) => searchPeople('student', text);
const searchClasses = (text: string) => searchPeople('class', text);
const W = { base: '100%', sm: 210 };

type Props = {
  value: Filters;
  onChange: (value: Filters) => void;
  /** A teacher sees their own lessons: there is no teacher to choose. */
  showTeacher: boolean;
};

/** The staff's calendar filters: one teacher, room, student or class/group at a time, or several together. */
export function CalendarFilters({ value, onChange, showTeacher }: Props) {
  const rooms = useRooms();
  const set = (key: keyof Filters) => (next: string | null) => onChange({ ...value, [key]: next ?? undefined });
  const filtered = Object.values(value).some(Boolean);
  return (
    <ListFilters filtered={filtered} onClear={() => onChange({})}>
      {showTeacher && (
        <PersonSelect label="Teacher" placeholder="All teachers" clearable w={W} value={value.teacherId ?? null} onChange={set('teacherId')} queryKey={pickerKey('teacher')} search={searchTeachers} />
      )}
      <Select
        label="Room"
        placeholder="All rooms"
        clearable
        w={W}
        data={(rooms.data ?? []).map((r) => ({ value: r._id, label: r.roomName }))}
        value={value.roomId ?? null}
        onChange={set('roomId')}
        nothingFoundMessage={rooms.isError ? 'Could not load the rooms' : 'No rooms yet'}
        comboboxProps={{ withinPortal: true }}
      />
      <PersonSelect label="Student" placeholder="All students" clearable w={W} value={value.studentId ?? null} onChange={set('studentId')} queryKey={pickerKey('student')} search={searchStudents} />
      <PersonSelect label="Class/Group" placeholder="All classes/groups" clearable w={W} value={value.classGroupId ?? null} onChange={set('classGroupId')} queryKey={pickerKey('class')} search={searchClasses} />
    </ListFilters>
  );
}
