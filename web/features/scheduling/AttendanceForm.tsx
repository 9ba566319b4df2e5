import { Checkbox, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { TEXT_MAX } from '../../../shared/constants';
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
  const [notes, setNotes] = useState<Record<string, { note: string; noteShared: boolean }>>(() =>
    Object.fromEntries(lesson.studentAttendance.map((a) => [a.studId._id, { note: a.note ?? '', noteShared: a.noteShared ?? false }])),
  );
  const setNote = (id: string, change: Partial<{ note: string; noteShared: boolean }>) =>
    setNotes((n) => ({ ...n, [id]: { note: '', noteShared: false, ...n[id], ...change } }));
  const save = useTakeAttendance();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const attendance = lesson.studentAttendance.map((a) => ({
      studentId: a.studId._id,
      status: statuses[a.studId._id] ?? 'present',
      note: notes[a.studId._id]?.note.trim() ?? '',
      noteShared: notes[a.studId._id]?.noteShared ?? false,
    }));
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
          <Stack key={a.studId._id} gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
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
            <Textarea
              label={`Note for ${fullName(a.studId)}`}
              size="sm"
              rows={2}
              maxLength={TEXT_MAX}
              value={notes[a.studId._id]?.note ?? ''}
              onChange={(e) => setNote(a.studId._id, { note: e.currentTarget.value })}
            />
            <Checkbox
              label="Share with family"
              aria-label={`Share with family: ${fullName(a.studId)}`}
              size="sm"
              checked={notes[a.studId._id]?.noteShared ?? false}
              onChange={(e) => setNote(a.studId._id, { noteShared: e.currentTarget.checked })}
            />
          </Stack>
        ))}
        <FormActions onCancel={onBack} pending={save.isPending} submitLabel="Save attendance" />
      </Stack>
    </form>
  );
}
