import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { LESSON_MINUTES_MAX, LESSON_MINUTES_MIN } from '../../../shared/contracts/scheduling';
import type { LessonTypeItem } from '../../../shared/contracts/scheduling';
import { useLessonTypes, useRooms } from './calendarApi';

/** What a lesson is, where and when, as the lesson form and the make-up booking hold it. */
type WhereWhen = { lessonTypeId: string; roomId: string | null; date: string; startTime: string; durationMinutes: string | number };

// The fields below are all of WhereWhen; react-hook-form cannot see that through the form's own shape.
const narrow = <S extends WhereWhen & FieldValues, Out>(form: UseFormReturn<S, unknown, Out>) => form as unknown as UseFormReturn<WhereWhen>;

/**
 * The school's lesson types. Choosing one also sets the lesson's length to the type's; `onChoose`
 * then does what else follows from the type.
 */
export function LessonTypeField<S extends WhereWhen & FieldValues, Out>({ form, onChoose }: {
  form: UseFormReturn<S, unknown, Out>;
  onChoose?: (type: LessonTypeItem) => void;
}) {
  const types = useLessonTypes();
  const { control, formState, setValue } = narrow(form);
  const choose = (id: string | null) => {
    setValue('lessonTypeId', id ?? '', { shouldValidate: formState.isSubmitted });
    const type = types.data?.find((t) => t._id === id);
    if (!type) return;
    setValue('durationMinutes', type.durationMinutes, { shouldValidate: formState.isSubmitted });
    onChoose?.(type);
  };
  return (
    <Controller
      control={control}
      name="lessonTypeId"
      render={({ field }) => (
        <Select
          label="Lesson type"
          required
          placeholder={types.isError ? 'Could not load the lesson types' : 'Choose a lesson type'}
          data={(types.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
          value={field.value || null}
          onChange={choose}
          onBlur={field.onBlur}
          error={formState.errors.lessonTypeId?.message}
          nothingFoundMessage="No lesson types yet"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

/** The school's rooms to choose from; no room is a valid answer. */
export function RoomField<S extends WhereWhen & FieldValues, Out>({ form }: { form: UseFormReturn<S, unknown, Out> }) {
  const rooms = useRooms();
  const { control, formState } = narrow(form);
  return (
    <Controller
      control={control}
      name="roomId"
      render={({ field }) => (
        <Select
          label="Room"
          placeholder="No room"
          data={(rooms.data ?? []).map((r) => ({ value: r._id, label: r.roomName }))}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={formState.errors.roomId?.message}
          clearable
          nothingFoundMessage="No rooms yet"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

/** A lesson's day and start on the school's wall clock, and its length in minutes. */
export function LessonTimeFields<S extends WhereWhen & FieldValues, Out>({ form }: { form: UseFormReturn<S, unknown, Out> }) {
  const { register, formState: { errors } } = narrow(form);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput type="date" label="Date" required error={errors.date?.message} {...register('date')} />
      <TextInput type="time" label="Start time" required error={errors.startTime?.message} {...register('startTime')} />
      <TextInput
        type="number"
        label="Duration (minutes)"
        required
        min={LESSON_MINUTES_MIN}
        max={LESSON_MINUTES_MAX}
        step={5}
        error={errors.durationMinutes?.message}
        {...register('durationMinutes')}
      />
    </SimpleGrid>
  );
}
