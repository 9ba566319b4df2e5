import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, SCHEDULING_MESSAGES, type AttendanceStatus, type LessonDetails } from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useTakeAttendance } from './calendarApi';

const OPTIONS = ATTENDANCE_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_LABELS[s] }));

type Props = { lesson: Pick<LessonDetails, '_id' | 'studentAttendance'>; onDone: () => void; onBack: () => void };

/** Take attendance: a status for each student of the lesson (present by default when none is set yet). */
export function AttendanceForm({ lesson, onDone, onBack }: Props) {
  const [statuses, setStatuses] = useState<Record<string, AttendanceStatus>>(() =>
    Object.fromEntries(lesson.studentAttendance.map((a) => [a.studId._id, a.status ?? 'present'])),
  );
  const save = useTakeAttendance();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const attendance = lesson.studentAttendance.map((a) => ({ studentId: a.studId._id, status: statuses[a.studId._id] ?? 'present' }));
    save.mutate({ lessonId: lesson._id, attendance }, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.attendanceSaved);
        onDone();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  if (lesson.studentAttendance.length === 0) {
    return <Text size="sm" c="dimmed">This lesson has no students.</Text>;
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Take attendance">
      <Stack gap="sm">
        <FormFailure message={failure} title="Could not save attendance" />
        {lesson.studentAttendance.map((a, i) => (
          <Group key={a.studId._id} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={500}>
              {fullName(a.studId)}
            </Text>
            <Select
              label={`Attendance of ${fullName(a.studId)}`}
              labelProps={{ style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}
              data={OPTIONS}
              value={statuses[a.studId._id] ?? 'present'}
              onChange={(value) => value && setStatuses((s) => ({ ...s, [a.studId._id]: value as AttendanceStatus }))}
              allowDeselect={false}
              w={210}
              data-autofocus={i === 0 || undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        ))}
        <FormActions onCancel={onBack} pending={save.isPending} submitLabel="Save attendance" />
      </Stack>
    </form>
  );
}
