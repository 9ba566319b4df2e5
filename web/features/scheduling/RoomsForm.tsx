import { Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { SCHEDULING_MESSAGES, roomForm, roomUpdateBody, type RoomItem } from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useAddOrUpdate } from '../../lib/useAddOrUpdate';
import { blankAsNullResolver } from './setupForms';
import { useAddRoom, useUpdateRoom } from './setupApi';

type FormInput = { id?: string; roomName: string; capacity: string };
type FormOutput = { id?: string; roomName: string; capacity: number | null };
const FIELDS = ['roomName', 'capacity'] as const;

/** Add or edit a room: its name and, if it matters, how many people it holds. */
export function RoomsForm({ room, onDone }: { room?: RoomItem; onDone: () => void }) {
  const editing = room !== undefined;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: blankAsNullResolver<FormInput, FormOutput>(editing ? roomUpdateBody : roomForm, ['capacity']),
    defaultValues: { ...(room ? { id: room._id } : {}), roomName: room?.roomName ?? '', capacity: room?.capacity?.toString() ?? '' },
  });
  const { errors } = form.formState;
  const { submit, failure, pending } = useAddOrUpdate(useAddRoom(), useUpdateRoom(), {
    setError: form.setError,
    fields: FIELDS,
    onSaved: (result) => {
      notifySuccess(result.message || (editing ? SCHEDULING_MESSAGES.roomUpdated : SCHEDULING_MESSAGES.roomAdded));
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-label={editing ? 'Edit room' : 'Add room'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Room Name" required data-autofocus error={errors.roomName?.message} {...form.register('roomName')} />
        <TextInput
          label="Capacity"
          description="How many people the room holds; leave blank if it does not matter"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.capacity?.message}
          {...form.register('capacity')}
        />
        <FormActions onCancel={onDone} pending={pending} submitLabel={editing ? 'Save changes' : 'Add Room'} />
      </Stack>
    </form>
  );
}
