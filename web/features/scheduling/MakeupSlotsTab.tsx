import { Alert, Badge, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, type MakeupSlotItem } from '../../../shared/contracts/scheduling';
import { PersonSelect } from '../../components/PersonSelect';
import { ApiError, errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { searchPeople } from '../../components/peopleSearch';
import { pickerKey, useLessonTypes, useRooms } from './calendarApi';
import { useAddMakeupSlot, useMakeupSlots, useRemoveMakeupSlot } from './widgets/makeupApi';
import { wallClock } from './widgets/wallClock';
import { ResponsiveTable } from '../../components/ResponsiveTable';

const searchTeachers = (text: string) => searchPeople('teacher', text);

type Draft = { teacherId: string | null; lessonTypeId: string | null; roomId: string | null; date: string; startTime: string; durationMinutes: number | string; capacity: number | string };

function SlotForm({ teacherId }: { teacherId?: string }) {
  const types = useLessonTypes();
  const rooms = useRooms();
  const add = useAddMakeupSlot();
  const privateTypes = (types.data ?? []).filter((t) => t.kind === 'private');
  const [draft, setDraft] = useState<Draft>({ teacherId: teacherId ?? null, lessonTypeId: null, roomId: null, date: '', startTime: '', durationMinutes: 30, capacity: 1 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const lessonTypeId = draft.lessonTypeId ?? privateTypes[0]?._id ?? null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    add.mutate({ ...draft, teacherId: draft.teacherId ?? '', lessonTypeId: lessonTypeId ?? '' }, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.slotAdded);
        set({ date: '', startTime: '' });
      },
      onError: (e) => {
        if (e instanceof ApiError && Object.keys(e.errors).length > 0) setErrors(e.errors);
        else setFailure(errorMessage(e));
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="form"
      noValidate onSubmit={submit} aria-label="Publish a make-up slot">
      <Stack gap="sm">
        <Title order={2} size="h4">Publish a make-up slot</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {!teacherId && (
            <PersonSelect label="Teacher" placeholder="Type a teacher's name" required value={draft.teacherId} onChange={(v) => set({ teacherId: v })}
              error={errors.teacherId} queryKey={pickerKey('teacher')} search={searchTeachers} />
          )}
          <Select label="Lesson type" required data={privateTypes.map((t) => ({ value: t._id, label: t.name }))} value={lessonTypeId}
            onChange={(v) => set({ lessonTypeId: v })} error={errors.lessonTypeId} allowDeselect={false} />
          <Select label="Room" placeholder="No room" clearable data={(rooms.data ?? []).map((r) => ({ value: r._id, label: r.roomName }))} value={draft.roomId}
            onChange={(v) => set({ roomId: v })} error={errors.roomId} />
          <TextInput label="Date" type="date" required value={draft.date} onChange={(e) => set({ date: e.currentTarget.value })} error={errors.date} />
          <TextInput label="Start time" type="time" required value={draft.startTime} onChange={(e) => set({ startTime: e.currentTarget.value })} error={errors.startTime} />
          <NumberInput label="Length (minutes)" required min={5} max={480} value={draft.durationMinutes} onChange={(v) => set({ durationMinutes: v })} error={errors.durationMinutes} />
          <NumberInput label="Capacity" description="1 for a private make-up" required min={1} max={20} value={draft.capacity} onChange={(v) => set({ capacity: v })} error={errors.capacity} />
        </SimpleGrid>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>Publish slot</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SlotRow({ slot }: { slot: MakeupSlotItem }) {
  const remove = useRemoveMakeupSlot();
  const { date, time } = wallClock(slot.start);
  return (
    <Table.Tr>
      <Table.Td><Text size="sm" fw={500}>{date}, {time}</Text><Text size="xs" c="dimmed">{slot.durationMinutes} min · {slot.lesson_type.name}</Text></Table.Td>
      <Table.Td><Text size="sm">{fullName(slot.teacher)}</Text></Table.Td>
      <Table.Td><Text size="sm">{slot.room?.roomName ?? '—'}</Text></Table.Td>
      <Table.Td>
        <Badge variant="dot" color={slot.booked >= slot.capacity ? 'gray' : 'green'}>{slot.booked} of {slot.capacity} booked</Badge>
      </Table.Td>
      <Table.Td>
        {slot.canRemove && (
          <Button size="xs" variant="subtle" color="red" loading={remove.isPending} aria-label={`Remove the make-up slot on ${date}, ${time}`}
            onClick={() => remove.mutate(slot._id, { onSuccess: (r) => notifySuccess(r.message || SCHEDULING_MESSAGES.slotRemoved), onError: (e) => notifyError(errorMessage(e)) })}>
            Remove
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Open make-up slots (decision 028): staff publish them for any teacher (a teacher, given
 * `teacherId`, for themself); families book them with a credit. Removable while unbooked.
 */
export function MakeupSlotsTab({ teacherId }: { teacherId?: string }) {
  const slots = useMakeupSlots({});
  return (
    <Stack gap="md">
      <SlotForm teacherId={teacherId} />
      {slots.isPending && <Text size="sm">Loading make-up slots…</Text>}
      {slots.isError && <Alert color="red" title="Could not load the make-up slots">{errorMessage(slots.error)}</Alert>}
      {slots.isSuccess && slots.data.results.length === 0 && <Text size="sm">No make-up slots yet. Publish one above and families can book it with their credits.</Text>}
      {slots.isSuccess && slots.data.results.length > 0 && (
        <ResponsiveTable columns={['When', 'Teacher', 'Room', 'Bookings', 'Actions']} label="Make-up slots" minWidth={560}>
          {slots.data.results.map((s) => <SlotRow key={s._id} slot={s} />)}
        </ResponsiveTable>
      )}
    </Stack>
  );
}
